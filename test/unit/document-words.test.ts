import { buyerName, documentState } from '../../src/domain/document-words';

describe('the words of a fiscal document', () => {
  it('says VIGENTE for a document in force and ANULADA for an annulled one', () => {
    expect([documentState(false), documentState(true)]).toEqual(['VIGENTE', 'ANULADA']);
  });

  it('names the client as buyer, and CONSUMIDOR FINAL for a sale without one', () => {
    expect([buyerName('Ferretería El Clavo'), buyerName(null), buyerName(undefined)]).toEqual([
      'Ferretería El Clavo',
      'CONSUMIDOR FINAL',
      'CONSUMIDOR FINAL',
    ]);
  });
});

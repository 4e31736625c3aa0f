import { BUYER_ID_TYPES, buyerIdNumberRule, isBuyerIdNumber, printedBuyerId } from '../../src/domain/buyer-identity';
import { identifiesByRtn, isValidRtn } from '../../src/domain/rtn';

describe('an RTN', () => {
  it('is exactly 14 digits', () => {
    expect(isValidRtn('08019999123456')).toBe(true);
    for (const bad of [
      '',
      '0801999912345',
      '080199991234567',
      '0801999912345A',
      '0801-9999-12345',
      ' 08019999123456',
      '０８０１９９９９１２３４５６',
    ]) {
      expect(isValidRtn(bad)).toBe(false);
    }
  });

  it('is never fourteen equal digits (decision 70)', () => {
    for (const digit of '0123456789') expect(isValidRtn(digit.repeat(14))).toBe(false);
    expect(isValidRtn('00000000000001')).toBe(true);
    expect(isValidRtn('11111111111110')).toBe(true);
  });
});

describe('a stored legalId', () => {
  it('identifies its holder only when it is an RTN: none, empty or fourteen equal digits identify nobody', () => {
    expect(identifiesByRtn('08019999123456')).toBe(true);
    for (const stored of [null, undefined, '', '00000000000000', '77777777777777']) expect(identifiesByRtn(stored)).toBe(false);
  });
});

describe("a buyer's identity document", () => {
  it.each([
    ['RTN', '08011985123456', true],
    ['RTN', '00000000000000', false],
    ['RTN', '0801198512345', false],
    ['DNI', '0801199012345', true],
    ['DNI', '08011990123456', false],
    ['DNI', '080119901234A', false],
    ['PASAPORTE', 'X1234', true],
    ['PASAPORTE', 'ab12CD34ef56GH78ij90', true],
    ['PASAPORTE', 'X123', false],
    ['PASAPORTE', 'ab12CD34ef56GH78ij901', false],
    ['PASAPORTE', 'X-1234', false],
    ['CARNE_RESIDENTE', 'CR00123', true],
    ['CARNE_RESIDENTE', 'CR 00123', false],
    ['CARNE_RESIDENTE', 'ÑANDU12', false],
  ] as const)('%s %s is a number of its type: %s', (idType, idNumber, ok) => {
    expect(isBuyerIdNumber(idType, idNumber)).toBe(ok);
  });

  it('says what a number of each type is', () => {
    expect(BUYER_ID_TYPES.map(buyerIdNumberRule)).toEqual([
      'exactly 14 digits, not all the same digit',
      'exactly 13 digits',
      '5 to 20 letters or digits',
      '5 to 20 letters or digits',
    ]);
  });

  it('prints an RTN as an RTN, any other document as its type and number', () => {
    expect(printedBuyerId({ idType: 'RTN', idNumber: '08011985123456' })).toBe('08011985123456');
    expect(printedBuyerId({ idType: 'DNI', idNumber: '0801199012345' })).toBe('DNI 0801199012345');
    expect(printedBuyerId({ idType: 'PASAPORTE', idNumber: 'X1234567' })).toBe('PASAPORTE X1234567');
    // The longest fits the column that keeps it (client_legal_id, 40 characters).
    expect(printedBuyerId({ idType: 'CARNE_RESIDENTE', idNumber: 'A'.repeat(20) }).length).toBeLessThanOrEqual(40);
  });
});

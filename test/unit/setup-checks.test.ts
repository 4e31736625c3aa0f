import type { CaiRange, Client, Product } from '../../src/entities';
import { jsonErrorOffset } from '../../src/services/company/setup/json-syntax';
import { checkClients } from '../../src/services/company/setup/setup-client-checks';
import type { SetupDocument } from '../../src/services/company/setup/setup-document';
import { checkCaiRanges, rangeDocumentType } from '../../src/services/company/setup/setup-range-checks';
import { checkDuplicates, checkReferences } from '../../src/services/company/setup/setup-references';
import { type ExistingSetup, emptySetupState } from '../../src/services/company/setup/setup-state';
import { ProblemList } from '../../src/services/company/setup/setup-validation-error';

/** A file as its checks see it once the schema has passed it; these checks read only what the test gives. */
const file = (document: object): SetupDocument => document as SetupDocument;

function nothingStored(change: Partial<ExistingSetup> = {}): ExistingSetup {
  return { ...emptySetupState(null), ...change };
}

/** The `<path>: <reason>` lines `check` reports, none when it reports nothing. */
function problemsOf(check: (problems: ProblemList) => void): readonly string[] {
  const problems = new ProblemList();
  check(problems);
  if (problems.count === 0) return [];
  return problems.toError().problems;
}

describe('where a JSON text stops being valid', () => {
  it('is its length when it is valid throughout', () => {
    for (const text of ['{}', ' [1, -2.5e3, "a\\"b", true, false, null] ', '{"a": {"b": []}}', '"x"', '0'])
      expect(jsonErrorOffset(text)).toBe(text.length);
  });

  it.each<[string, number]>([
    ['', 0],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a" 1}', 5],
    ['{a: 1}', 1],
    ['[tru]', 1],
    ['"open', 5],
    ['"tab\there"', 4],
    ['01', 1],
    ['{} {}', 3],
    ['[1,\n  .5]', 6],
  ])('stops %j at offset %i', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});

describe('the keys of a setup file’s lists', () => {
  it('reports a second entry of one code, in any case or accent, at the later one', () => {
    const doc = file({ products: [{ code: 'CAFÉ' }, { code: 'te' }, { code: 'cafe' }] });
    expect(problemsOf((p) => checkDuplicates(doc, p))).toEqual(['products[2].code: duplicate product cafe (also at products[0])']);
  });

  it('reports duplicates inside an emission point’s ranges and a price list’s prices', () => {
    const doc = file({
      establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges: [{ cai: 'A' }, { cai: 'a' }] }] }],
      priceLists: [{ code: 'L', prices: [{ product: 'P' }, { product: 'P' }] }],
    });
    expect(problemsOf((p) => checkDuplicates(doc, p))).toEqual([
      'establishments[0].emissionPoints[0].caiRanges[1].cai: duplicate CAI a (also at establishments[0].emissionPoints[0].caiRanges[0])',
      'priceLists[0].prices[1].product: duplicate price for product P (also at priceLists[0].prices[0])',
    ]);
  });

  it('lets a deleted client keep the RTN a live one takes, but not two live clients', () => {
    const rtn = '08019999123456';
    const deletedHolder = file({
      clients: [
        { code: 'A', legalId: rtn, deleted: true },
        { code: 'B', legalId: rtn },
      ],
    });
    expect(problemsOf((p) => checkDuplicates(deletedHolder, p))).toEqual([]);
    const twoLive = file({
      clients: [
        { code: 'A', legalId: rtn },
        { code: 'B', legalId: rtn },
      ],
    });
    expect(problemsOf((p) => checkDuplicates(twoLive, p))).toEqual([`clients[1].legalId: duplicate legalId ${rtn} (also at clients[0])`]);
  });
});

describe('what a setup file’s entries point at', () => {
  const product = (code: string, deletedAt: Date | null = null) => ({ code, deletedAt }) as Product;

  it('takes a product of the file, or a live stored one the file leaves alone', () => {
    const doc = file({
      products: [{ code: 'NEW' }],
      productMappings: [
        { externalProductId: 'x', product: 'new' },
        { externalProductId: 'y', product: 'OLD' },
      ],
    });
    const existing = nothingStored({ products: new Map([['OLD', product('OLD')]]) });
    expect(problemsOf((p) => checkReferences(doc, existing, p))).toEqual([]);
  });

  it('refuses an unknown product, one the file deletes, and a stored one deleted, saying how to restore it', () => {
    const doc = file({
      products: [{ code: 'GONE', deleted: true }],
      productMappings: [
        { externalProductId: 'a', product: 'NOPE' },
        { externalProductId: 'b', product: 'GONE' },
        { externalProductId: 'c', product: 'OLD' },
        { externalProductId: 'd', product: 'NOPE', deleted: true },
      ],
    });
    const existing = nothingStored({ products: new Map([['OLD', product('OLD', new Date())]]) });
    expect(problemsOf((p) => checkReferences(doc, existing, p))).toEqual([
      'productMappings[0].product: unknown product NOPE',
      'productMappings[1].product: product GONE is marked deleted in this file',
      'productMappings[2].product: product OLD was deleted; list it in the file without deleted: true to restore it',
    ]);
  });

  it('refuses an integration emission point that exists neither in the file nor stored, and takes a stored one', () => {
    const doc = file({
      establishments: [{ code: '000', emissionPoints: [{ code: '001', deleted: true }] }],
      integration: { emissionPoint: '000-001' },
    });
    expect(problemsOf((p) => checkReferences(doc, nothingStored(), p))).toEqual([
      'integration.emissionPoint: unknown emission point 000-001',
    ]);
    const stored = nothingStored({ emissionPoints: new Map([['000-001', {} as never]]) });
    expect(problemsOf((p) => checkReferences(doc, stored, p))).toEqual([]);
  });

  it('names each integration default that points at nothing', () => {
    const doc = file({ integration: { creatorUser: 'u', priceList: 'l', paymentTerminal: 't' } });
    expect(problemsOf((p) => checkReferences(doc, nothingStored(), p))).toEqual([
      'integration.creatorUser: unknown user u',
      'integration.priceList: unknown price list l',
      'integration.paymentTerminal: unknown payment terminal t',
    ]);
  });
});

describe('a setup file’s clients', () => {
  it('reserves API- codes for new clients, and leaves a stored one its code', () => {
    const doc = file({ clients: [{ code: 'api-7' }, { code: 'API-8', deleted: true }] });
    expect(problemsOf((p) => checkClients(doc, nothingStored(), p))).toEqual([
      'clients[0].code: codes starting with API- are reserved for clients created through the API',
    ]);
    const stored = nothingStored({ clients: new Map([['API-7', { code: 'API-7' } as Client]]) });
    expect(problemsOf((p) => checkClients(doc, stored, p))).toEqual([]);
  });

  it('refuses an RTN another live client holds, but not the client’s own', () => {
    const holder = { code: 'other', deletedAt: null } as Client;
    const existing = nothingStored({ clientsByLegalId: new Map([['08019999123456', holder]]) });
    expect(problemsOf((p) => checkClients(file({ clients: [{ code: 'C', legalId: '08019999123456' }] }), existing, p))).toEqual([
      'clients[0].legalId: RTN 08019999123456 already belongs to client other',
    ]);
    expect(problemsOf((p) => checkClients(file({ clients: [{ code: 'OTHER', legalId: '08019999123456' }] }), existing, p))).toEqual([]);
  });
});

describe('a setup file’s CAI ranges', () => {
  const range = (change: Partial<CaiRange>) =>
    ({
      id: 1,
      cai: 'CAI-1',
      documentType: 'invoice',
      rangeStart: 1,
      rangeEnd: 100,
      deadline: '2027-01-01',
      deletedAt: null,
      cancelledAt: null,
      ...change,
    }) as CaiRange;
  const pointWith = (caiRanges: object[]) => file({ establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges }] }] });
  const entry = (change: object = {}) => ({ cai: 'CAI-1', rangeStart: 1, rangeEnd: 100, deadline: '2027-01-01', ...change });
  const PATH = 'establishments[0].emissionPoints[0].caiRanges';

  it('gives a range the type its entry names, else the stored one, else invoice', () => {
    expect(rangeDocumentType(entry({ documentType: 'debitNote' }) as never, range({ documentType: 'creditNote' }))).toBe('debitNote');
    expect(rangeDocumentType(entry() as never, range({ documentType: 'creditNote' }))).toBe('creditNote');
    expect(rangeDocumentType(entry() as never, undefined)).toBe('invoice');
  });

  it('keeps issued numbers inside their range and of their type', () => {
    const existing = nothingStored({ caiRanges: new Map([['000-001', [range({})]]]), issued: new Map([[1, { first: 5, last: 40 }]]) });
    expect(problemsOf((p) => checkCaiRanges(pointWith([entry({ rangeStart: 5, rangeEnd: 40 })]), existing, p))).toEqual([]);
    expect(
      problemsOf((p) => checkCaiRanges(pointWith([entry({ rangeStart: 6, rangeEnd: 39, documentType: 'creditNote' })]), existing, p)),
    ).toEqual([
      `${PATH}[0].rangeStart: number 5 was already issued from this range, so rangeStart cannot be above it`,
      `${PATH}[0].rangeEnd: numbers up to 40 were already issued from this range, so rangeEnd cannot be below it`,
      `${PATH}[0].documentType: numbers 5 to 40 were already issued from this range as invoice, so it cannot become creditNote`,
    ]);
  });

  it('refuses two ranges of one type that share a number, and lets ranges of different types share them', () => {
    const touching = pointWith([entry(), entry({ cai: 'CAI-2', rangeStart: 100, rangeEnd: 200 })]);
    expect(problemsOf((p) => checkCaiRanges(touching, nothingStored(), p))).toEqual([
      `${PATH}[1]: numbers 100-200 overlap CAI CAI-1 (1-100) of emission point 000-001`,
    ]);
    const adjacent = pointWith([entry(), entry({ cai: 'CAI-2', rangeStart: 101, rangeEnd: 200 })]);
    expect(problemsOf((p) => checkCaiRanges(adjacent, nothingStored(), p))).toEqual([]);
    const otherType = pointWith([entry(), entry({ cai: 'CAI-2', documentType: 'creditNote' })]);
    expect(problemsOf((p) => checkCaiRanges(otherType, nothingStored(), p))).toEqual([]);
  });

  it('still blocks the issued numbers of a range the file deletes', () => {
    const existing = nothingStored({ caiRanges: new Map([['000-001', [range({})]]]), issued: new Map([[1, { first: 1, last: 10 }]]) });
    const doc = pointWith([entry({ deleted: true }), entry({ cai: 'CAI-2', rangeStart: 10, rangeEnd: 50 })]);
    expect(problemsOf((p) => checkCaiRanges(doc, existing, p))).toEqual([
      `${PATH}[1]: numbers 10-50 overlap CAI CAI-1 (1-10) of emission point 000-001`,
    ]);
  });

  it('refuses any change to a cancelled range, and takes it named unchanged', () => {
    const cancelledAt = new Date('2026-05-01T12:00:00Z');
    const existing = nothingStored({ caiRanges: new Map([['000-001', [range({ cancelledAt })]]]) });
    expect(problemsOf((p) => checkCaiRanges(pointWith([entry()]), existing, p))).toEqual([]);
    expect(problemsOf((p) => checkCaiRanges(pointWith([entry({ deadline: '2027-02-01' })]), existing, p))).toEqual([
      `${PATH}[0]: CAI CAI-1 was cancelled on 2026-05-01T12:00:00.000Z; its range cannot change`,
    ]);
  });
});

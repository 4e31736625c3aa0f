import { parseSetupDocument } from '../../src/services/company/setup/setup-schema';
import { SetupValidationError } from '../../src/services/company';

const company = { code: 'ACME', name: 'Comercial Acme', rtn: '08019999123456' };

function problemsOf(document: unknown): readonly string[] {
  try {
    parseSetupDocument(document);
  } catch (err) {
    if (err instanceof SetupValidationError) return err.problems;
    throw err;
  }
  return [];
}

describe('parseSetupDocument', () => {
  it('needs only the key of an entry marked deleted: true, and every required field of a live one', () => {
    expect(
      problemsOf({
        company,
        products: [{ code: 'P-1', deleted: true }],
        priceLists: [{ code: 'L', prices: [{ product: 'P-1', deleted: true }] }],
      }),
    ).toEqual([]);
    expect(
      problemsOf({
        company,
        products: [{ code: 'P-1' }, { code: 'P-2', deleted: false, exempt: true }, { name: 'sin código', deleted: true }],
      }),
    ).toEqual([
      'products[0].name: is required',
      'products[0].isvRate: is required unless the product is exempt: true',
      'products[1].name: is required',
      'products[2].code: is required',
    ]);
  });

  it('still checks the format of what a deleted entry gives, and refuses its unknown keys', () => {
    expect(problemsOf({ company, users: [{ code: 'U', name: 5, deleted: true, extra: 1 }] })).toEqual([
      'users[0].name: must be a string',
      'users[0].extra: unknown key (expected one of: code, name, deleted)',
    ]);
  });

  it('takes a deleted flag that is not true or false as a live entry', () => {
    expect(problemsOf({ company, paymentTerminals: [{ code: 'CAJA1', deleted: 'yes' }] })).toEqual([
      'paymentTerminals[0].name: is required',
      'paymentTerminals[0].deleted: must be true or false',
    ]);
  });

  it('takes a delivery block: from required when email is true, a mailbox; replyTo and bcc addresses', () => {
    expect(
      problemsOf({ company, delivery: { email: true, from: 'Facturas Acme <facturas@acme.hn>', replyTo: 'c@acme.hn', bcc: 'a@acme.hn' } }),
    ).toEqual([]);
    expect(problemsOf({ company, delivery: { email: false } })).toEqual([]);
    expect(problemsOf({ company, delivery: { email: true } })).toEqual(['delivery.from: is required when email is true']);
    expect(problemsOf({ company, delivery: { email: true, from: 'Facturas Acme' } })).toEqual([
      'delivery.from: must be an e-mail address, alone or after a name: "Facturas Acme <facturas@acme.hn>"',
    ]);
    expect(problemsOf({ company, delivery: { email: 'yes', replyTo: 'nadie', cc: 'x@acme.hn' } })).toEqual(
      expect.arrayContaining([
        'delivery.email: must be true or false',
        'delivery.replyTo: must be a valid e-mail address',
        expect.stringContaining('delivery.cc'),
      ]),
    );
  });

  it('reports a CAI range whose end is below its start at rangeEnd', () => {
    const range = { cai: 'ABC-1', rangeStart: 10, rangeEnd: 5, deadline: '2027-12-31' };
    expect(problemsOf({ company, establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges: [range] }] }] })).toEqual([
      'establishments[0].emissionPoints[0].caiRanges[0].rangeEnd: must not be below rangeStart (10)',
    ]);
  });

  it('takes a CAI range documentType of invoice, creditNote or debitNote, or none, and names the entry of any other', () => {
    const range = (documentType?: unknown) => ({
      cai: 'ABC-1',
      rangeStart: 1,
      rangeEnd: 5,
      deadline: '2027-12-31',
      ...(documentType === undefined ? {} : { documentType }),
    });
    const withRanges = (...caiRanges: unknown[]) => ({
      company,
      establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges }] }],
    });
    expect(problemsOf(withRanges(range(), range('invoice'), range('creditNote'), range('debitNote')))).toEqual([]);
    expect(problemsOf(withRanges(range('notaCredito'), range(null), range(6)))).toEqual([
      'establishments[0].emissionPoints[0].caiRanges[0].documentType: must be invoice, creditNote or debitNote',
      'establishments[0].emissionPoints[0].caiRanges[1].documentType: must not be null',
      'establishments[0].emissionPoints[0].caiRanges[2].documentType: must be invoice, creditNote or debitNote',
    ]);
  });

  it('checks amounts against their column: decimals, sign and size', () => {
    expect(problemsOf({ company: { ...company, exchangeRate: 0 } })).toEqual(['company.exchangeRate: must be greater than 0']);
    expect(problemsOf({ company: { ...company, exchangeRate: '24.65121' } })).toEqual([
      'company.exchangeRate: must have at most 4 decimals',
    ]);
    expect(problemsOf({ company, products: [{ code: 'P', name: 'P', isvRate: 100000, exemptPerUnit: -1 }] })).toEqual([
      'products[0].isvRate: must be less than 100000',
      'products[0].exemptPerUnit: must be at least 0',
    ]);
    expect(problemsOf({ company, discountPolicies: [{ code: 'D', percent: -100000 }] })).toEqual([
      'discountPolicies[0].percent: must be greater than -100000',
    ]);
  });

  it('returns the document as the schema typed it', () => {
    const doc = parseSetupDocument({ company, clients: [{ code: 'C', deleted: true }], integration: { enabled: false } });
    const client = doc.clients?.[0];
    expect(client?.deleted).toBe(true);
    expect(doc.integration?.enabled).toBe(false);
  });
});

import { demoSetupDocument, DEMO_COMPANY_CODE } from '../../src/cli/demo/demo-company';
import { parseSetupDocument } from '../../src/services/company/setup/setup-schema';

describe('the demo setup document', () => {
  const document = demoSetupDocument('2028-02-29');

  it('is a valid setup document for the DEMO company', () => {
    expect(() => parseSetupDocument(document)).not.toThrow();
    expect(document.company.code).toBe(DEMO_COMPANY_CODE);
  });

  it('dates the CAI deadline, discount and exoneration a year after the given day', () => {
    expect(JSON.stringify(document.establishments)).toContain('"deadline":"2029-02-28"');
    expect(document.discountPolicies).toEqual([expect.objectContaining({ validFrom: '2028-01-01', validTo: '2029-02-28' })]);
    expect(JSON.stringify(document.clients)).toContain('"validUntil":"2029-02-28"');
  });

  it('has a CAI range for each document type, so its sales can be credited and debited', () => {
    const ranges = (document.establishments ?? []).flatMap((e) => e.emissionPoints ?? []).flatMap((p) => p.caiRanges ?? []);
    expect(ranges.map((r) => r.documentType ?? 'invoice').sort()).toEqual(['creditNote', 'debitNote', 'invoice']);
    expect(new Set(ranges.map((r) => r.cai)).size).toBe(3);
  });

  it('covers every tax case: ISV 15 % and 18 %, exempt, partly taxable and a USD price', () => {
    const products = JSON.stringify(document.products);
    for (const fragment of ['"isvRate":15', '"isvRate":18', '"exempt":true', '"exemptPerUnit":']) expect(products).toContain(fragment);
    expect(JSON.stringify(document.priceLists)).toContain('"currency":"USD"');
    expect(document.productMappings?.length).toBe(document.products?.length);
  });
});

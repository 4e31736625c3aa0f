import { ANNULLED, CONSUMIDOR_FINAL } from '../../src/domain/document-words';
import { buildTemplateData, COPY_LEGEND, PREVIEW_MARKING, type PrintedOf } from '../../src/pdf/template-data';
import { sampleDocument } from '../../src/pdf/sample-document';

/** The sample with one 15 % line: what most tests vary from. */
function taxedSale(overrides: Partial<PrintedOf<'invoice'>> = {}): PrintedOf<'invoice'> {
  const sample = sampleDocument('invoice');
  return {
    ...sample,
    issuedAt: new Date('2026-01-15T05:30:00Z'), // 23:30 of the 14th in Honduras (UTC-6)
    lines: [{ code: 'P-001', description: 'Arroz', quantity: '2.5', unitPrice: '100.1250', discount: '25.03', amount: '250.3125' }],
    totals: {
      importe: '250.31',
      discount: '25.03',
      exonerated: '0',
      exempt: '0',
      taxBreakdown: [{ rate: '15.0000', taxedAmount: '225.28', taxAmount: '33.79' }],
      total: '259.07',
    },
    exchangeRate: null,
    exoneration: null,
    ...overrides,
  };
}

describe('buildTemplateData', () => {
  it('prints an issued invoice with its number, CAI, range, deadline DD/MM/YYYY and Honduras date and time', () => {
    const data = buildTemplateData(taxedSale());
    expect(data).toMatchObject({
      marking: '',
      title: 'FACTURA',
      fiscalNumber: '000-001-01-00000001',
      cai: 'A1B2C3-D4E5F6-A7B8C9-D0E1F2-A3B4C5-D6',
      rangeFrom: '000-001-01-00000001',
      rangeTo: '000-001-01-00005000',
      deadline: '31/12/2099',
      date: '14/01/2026',
      time: '23:30',
      copyLegend: COPY_LEGEND,
      purchaseOrderNumber: 'OC-0001',
    });
  });

  it('formats amounts the Honduran way, lines without the L and the totals with it', () => {
    const data = buildTemplateData(taxedSale());
    expect(data.lines).toEqual([
      { code: 'P-001', description: 'Arroz', quantity: '2.5', unitPrice: '100.125', discount: '25.03', amount: '250.31' },
    ]);
    expect(data.totals).toEqual({
      importe: 'L 250.31',
      discount: 'L 25.03',
      exonerated: 'L 0.00',
      exempt: 'L 0.00',
      taxed15: 'L 225.28',
      taxed18: 'L 0.00',
      isv15: 'L 33.79',
      isv18: 'L 0.00',
      otherTaxes: [],
      total: 'L 259.07',
    });
  });

  it('lists a rate other than 15 and 18 % in otherTaxes, so a change in the law still prints', () => {
    const { totals } = buildTemplateData(sampleDocument('invoice'));
    expect(totals.otherTaxes).toEqual([
      { label: 'Importe gravado 12%', amount: 'L 20.00' },
      { label: 'ISV 12%', amount: 'L 2.40' },
    ]);
    expect(totals.taxed18).toBe('L 50.00');
  });

  it('prints the issuer with its establishment line, and empty strings for what the company lacks', () => {
    expect(buildTemplateData(taxedSale()).issuer).toEqual({
      name: 'Empresa de Muestra S. de R.L.',
      tradeName: 'Muestra',
      rtn: '08019000000000',
      address: 'Col. Palmira, Tegucigalpa M.D.C.',
      phone: '+504 2200-0000',
      email: 'facturas@muestra.hn',
      establishment: 'Establecimiento 000 Casa matriz: Col. Palmira, Tegucigalpa M.D.C.',
    });
    const bare = sampleDocument('invoice', { tradeName: null, phone: null, email: null, establishment: { code: '002', address: null } });
    expect(buildTemplateData(bare).issuer).toMatchObject({ tradeName: '', phone: '', email: '', establishment: '' });
  });

  it('prints CONSUMIDOR FINAL without an RTN for a sale without a client', () => {
    expect(buildTemplateData(taxedSale({ client: null })).client).toEqual({ name: CONSUMIDOR_FINAL, rtn: '' });
  });

  it('prints the exchange rate with its four decimals and the exonerated buyer references only when they apply', () => {
    const usd = buildTemplateData(
      taxedSale({ exchangeRate: '24.6512', exoneration: { exemptPurchaseOrderNumber: 'OCE-7', certificate: 'EXO-9', sagRegistry: null } }),
    );
    expect(usd).toMatchObject({
      exchangeRate: 'L 24.6512',
      exemptPurchaseOrderNumber: 'OCE-7',
      exonerationCertificate: 'EXO-9',
      sagRegistry: '',
    });
    expect(buildTemplateData(taxedSale())).toMatchObject({
      exchangeRate: '',
      exemptPurchaseOrderNumber: '',
      exonerationCertificate: '',
      sagRegistry: '',
    });
  });

  it('marks an annulled invoice ANULADA', () => {
    expect(buildTemplateData(taxedSale({ annulled: true })).marking).toBe(ANNULLED);
  });

  it('marks a preview SIN VALIDEZ FISCAL with no real number and no digit of the CAI, even when given', () => {
    const data = buildTemplateData(taxedSale({ preview: true, deadline: null }));
    expect(data.marking).toBe(PREVIEW_MARKING);
    expect(data.cai).not.toMatch(/\d/);
    // Only the document type (01) is real in a masked number.
    for (const field of [data.fiscalNumber, data.rangeFrom, data.rangeTo]) expect(field.replace('-01-', '-')).not.toMatch(/\d/);
    expect(data.deadline).toBe('');
    expect(data.totals.total).toBe('L 259.07');
  });

  it('refuses an issued invoice without its fiscal data', () => {
    expect(() => buildTemplateData(taxedSale({ cai: null }))).toThrow('An issued invoice needs a CAI');
    expect(() => buildTemplateData(taxedSale({ fiscalNumber: '' }))).toThrow('a fiscal number');
    expect(() => buildTemplateData(taxedSale({ range: null }))).toThrow('a range');
    expect(() => buildTemplateData(taxedSale({ deadline: '31/12/2099' }))).toThrow('Not a YYYY-MM-DD date');
  });
});

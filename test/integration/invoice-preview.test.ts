import type { SqlClient } from '../../src/db/sql-client';
import { CaiRange, Client } from '../../src/entities';
import { TOKENS } from '../../src/tokens';
import { hondurasDate } from '../../src/domain/calendar-date';
import { createTestApp, TestApp } from '../support/test-app';
import { clientData, productData, sellingCompany, SellingCompanyData } from '../support/factories';
import { expectError } from '../support/expect-error';
import { applySetup, ReadyCompany, setUpCompany } from '../support/setup-fixtures';

/** The catalog every figure below comes from; mapped as SKU-<code>. */
const PRODUCTS = [
  productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
  productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
  productData({ code: 'LECHE', price: 28, exempt: true }),
  productData({ code: 'COMBO', price: 250, isvRate: 15, exemptPerUnit: 30 }),
  productData({ code: 'IMPORT', price: 10, currency: 'USD', isvRate: 15 }),
  productData({ code: 'RATE12', price: 10, isvRate: 12 }),
  productData({ code: 'NOPRICE', price: undefined }),
  productData({ code: 'OLD', price: 10, discountPolicy: 'OLD' }),
  productData({ code: 'OFF', price: 10, discountPolicy: 'OFF' }),
  productData({ code: 'BADPOL', price: 10, discountPolicy: 'BAD' }),
];

/** The company of these tests: USD at 24.6512, four discount policies, three exonerated clients. */
const acmeSetup = (overrides: SellingCompanyData = {}) =>
  sellingCompany({
    company: { exchangeRate: 24.6512 },
    products: PRODUCTS,
    extraMappings: [
      { externalProductId: 'SKU-AMBIG', product: 'ARROZ' },
      { externalProductId: 'SKU-AMBIG', product: 'CERVEZA' },
    ],
    discountPolicies: [
      { code: 'PROMO10', percent: 10, active: true },
      { code: 'OLD', percent: 5, active: true, validFrom: '2020-01-01', validTo: '2020-12-31' },
      { code: 'OFF', percent: 5, active: false },
      { code: 'BAD', percent: 150, active: true },
    ],
    clients: [
      clientData({ code: 'CLI-ONG', legalId: '08019000000001', exoneration: { certificate: 'EXO-2026-0001', validUntil: '2099-06-30' } }),
      clientData({
        code: 'CLI-EXPIRED',
        legalId: '08019000000002',
        exoneration: { certificate: 'EXO-2019-0009', validUntil: '2020-01-01' },
      }),
      clientData({ code: 'CLI-NORTN', legalId: undefined, exoneration: { certificate: 'EXO-2026-0002', validUntil: '2099-06-30' } }),
    ],
    ...overrides,
  });

/** The mixed cart of the field-by-field test; figures below are computed by hand. */
const MIXED_CART = {
  items: [
    { externalProductId: 'SKU-ARROZ', quantity: 2 }, // 100.00 x 2 = 200.00, 15 %
    { externalProductId: 'SKU-CERVEZA', quantity: 3 }, // 35.50 x 3 = 106.50, PROMO10 -> 10.65, sub 95.85, 18 %
    { externalProductId: 'SKU-LECHE', quantity: 1.5 }, // 28.00 x 1.5 = 42.00, exempt
    { externalProductId: 'SKU-COMBO', quantity: 2, price: 200 }, // 400.00, exempt 30 x 2 = 60.00, base 340.00 at 15 %
    { externalProductId: 'SKU-IMPORT', quantity: 1 }, // USD 10 x 24.6512 = 246.5120, importe 246.51, 15 %
  ],
  purchaseOrderNumber: 'OC-2026-118',
};

describe('POST /v1/invoices/preview', () => {
  let t: TestApp;
  let acme: ReadyCompany;
  let clientIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t, acmeSetup());
    const clients = await t.orm.em.fork().find(Client, { company: { code: acme.code } });
    clientIds = Object.fromEntries(clients.map((c) => [c.code, c.id]));
  });
  afterAll(() => t.close());

  const preview = (body: unknown, auth = acme.auth) =>
    t.http
      .post('/v1/invoices/preview')
      .set(auth)
      .send(body as object);
  const expectRefused = async (body: unknown, status: number, code: string, auth = acme.auth) =>
    expectError(await preview(body, auth), status, code);

  it('prices a mixed cart exactly, field by field', async () => {
    const res = await preview(MIXED_CART);
    expect(res.status).toBe(200);
    const { pdfBase64, invoiceDate, ...body } = res.body;
    expect(hondurasDate(new Date(invoiceDate))).toBe(hondurasDate(new Date()));
    expect(pdfBase64).toBeNull(); // this file runs without LibreOffice; the PDF test has it
    expect(body).toEqual({
      preview: true,
      clientId: null,
      buyer: null,
      purchaseOrderNumber: 'OC-2026-118',
      exemptPurchaseOrderNumber: null,
      importe: 995.01, // 200 + 106.50 + 42 + 400 + 246.51
      discountTotal: 10.65,
      exemptedAmount: 102, // 42 + 60
      exoneratedAmount: 0,
      totalTaxes: 135.23, // 117.98 + 17.25
      total: 1119.59, // 995.01 - 10.65 + 135.23
      totalInLetters: 'MIL CIENTO DIECINUEVE LEMPIRAS CON 59/100',
      appliedDollarExchangeRate: 24.6512,
      taxBreakdown: [
        { rate: 15, taxedAmount: 786.51, taxAmount: 117.98 }, // (200 + 340 + 246.51) x 15 % = 117.9765
        { rate: 18, taxedAmount: 95.85, taxAmount: 17.25 }, // 95.85 x 18 % = 17.253
      ],
      lines: [
        { externalProductId: 'SKU-ARROZ', quantity: 2, unitPrice: 100, importe: 200, discountAmount: 0, subTotal: 200, exemptAmount: 0 },
        {
          externalProductId: 'SKU-CERVEZA',
          quantity: 3,
          unitPrice: 35.5,
          importe: 106.5,
          discountAmount: 10.65,
          subTotal: 95.85,
          exemptAmount: 0,
        },
        { externalProductId: 'SKU-LECHE', quantity: 1.5, unitPrice: 28, importe: 42, discountAmount: 0, subTotal: 42, exemptAmount: 42 },
        { externalProductId: 'SKU-COMBO', quantity: 2, unitPrice: 200, importe: 400, discountAmount: 0, subTotal: 400, exemptAmount: 60 },
        {
          externalProductId: 'SKU-IMPORT',
          quantity: 1,
          unitPrice: 246.512,
          importe: 246.51,
          discountAmount: 0,
          subTotal: 246.51,
          exemptAmount: 0,
        },
      ],
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('invoiceNumber');
    expect(body).not.toHaveProperty('cai');
    expect(body).not.toHaveProperty('replayed');
  });

  it('exonerates the sale of a client with a valid exoneration', async () => {
    const res = await preview({
      items: [
        { externalProductId: 'SKU-ARROZ', quantity: 1 },
        { externalProductId: 'SKU-LECHE', quantity: 1 },
      ],
      clientId: clientIds['CLI-ONG'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clientId: clientIds['CLI-ONG'],
      importe: 128,
      exemptedAmount: 28,
      exoneratedAmount: 100,
      totalTaxes: 0,
      total: 128,
      taxBreakdown: [],
    });
  });

  it('taxes the sale of a client whose exoneration has expired', async () => {
    const res = await preview({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }], clientId: clientIds['CLI-EXPIRED'] });
    expect(res.body).toMatchObject({ exoneratedAmount: 0, totalTaxes: 15, total: 115 });
  });

  it('accepts an invoiceDate of today and answers it back', async () => {
    const now = new Date();
    const res = await preview({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }], invoiceDate: now.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body.invoiceDate).toBe(now.toISOString());
  });

  describe('refuses, with the documented code', () => {
    const item = { externalProductId: 'SKU-ARROZ', quantity: 1 };
    const cases: [string, unknown, number, string][] = [
      ['no body fields', {}, 400, 'VALIDATION_FAILED'],
      ['items not an array', { items: 'x' }, 400, 'VALIDATION_FAILED'],
      ['an unknown top-level field', { items: [item], currency: 'USD' }, 400, 'VALIDATION_FAILED'],
      ['an unknown item field', { items: [{ ...item, isvRate: 0 }] }, 400, 'VALIDATION_FAILED'],
      ['a quantity as a string', { items: [{ ...item, quantity: '2' }] }, 400, 'VALIDATION_FAILED'],
      ['a quantity null', { items: [{ ...item, quantity: null }] }, 400, 'VALIDATION_FAILED'],
      ['a quantity missing', { items: [{ externalProductId: 'SKU-ARROZ' }] }, 400, 'VALIDATION_FAILED'],
      ['a price as a boolean', { items: [{ ...item, price: true }] }, 400, 'VALIDATION_FAILED'],
      ['a price null', { items: [{ ...item, price: null }] }, 400, 'VALIDATION_FAILED'],
      ['a clientId as a string', { items: [item], clientId: '5' }, 400, 'VALIDATION_FAILED'],
      ['an invoiceDate that is not a date', { items: [item], invoiceDate: 'mañana' }, 400, 'VALIDATION_FAILED'],
      [
        'an invoiceDate yesterday',
        { items: [item], invoiceDate: new Date(Date.now() - 86_400_000).toISOString() },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'an invoiceDate tomorrow',
        { items: [item], invoiceDate: new Date(Date.now() + 86_400_000).toISOString() },
        400,
        'VALIDATION_FAILED',
      ],
      ['isCredit true', { items: [item], isCredit: true }, 422, 'EXTERNAL_INVOICE_CREDIT_NOT_SUPPORTED'],
      ['isCredit as a string', { items: [item], isCredit: 'no' }, 400, 'VALIDATION_FAILED'],
      ['items empty', { items: [] }, 400, 'EXTERNAL_INVOICE_NO_ITEMS'],
      ['a zero quantity', { items: [{ ...item, quantity: 0 }] }, 400, 'INVALID_NUMBER'],
      ['a negative quantity', { items: [{ ...item, quantity: -1 }] }, 400, 'INVALID_NUMBER'],
      ['a quantity with 5 decimals', { items: [{ ...item, quantity: 1.00001 }] }, 400, 'INVALID_NUMBER'],
      ['a quantity over 1,000,000', { items: [{ ...item, quantity: 1000000.0001 }] }, 400, 'INVALID_NUMBER'],
      ['a negative price', { items: [{ ...item, price: -0.01 }] }, 400, 'INVALID_NUMBER'],
      ['a price with 5 decimals', { items: [{ ...item, price: 10.00001 }] }, 400, 'INVALID_NUMBER'],
      ['a price over 999,999,999.9999', { items: [{ ...item, price: 1000000000 }] }, 400, 'INVALID_NUMBER'],
      ['an item without externalProductId', { items: [{ quantity: 1 }] }, 400, 'ITEM_MISSING_PRODUCT_REFERENCE'],
      ['an empty externalProductId', { items: [{ externalProductId: '', quantity: 1 }] }, 400, 'ITEM_MISSING_PRODUCT_REFERENCE'],
      ['an unmapped externalProductId', { items: [{ externalProductId: 'SKU-NADA', quantity: 1 }] }, 400, 'PRODUCT_NOT_FOUND'],
      [
        'an id mapped to two products',
        { items: [{ externalProductId: 'SKU-AMBIG', quantity: 1 }] },
        400,
        'ITEM_AMBIGUOUS_PRODUCT_REFERENCE',
      ],
      [
        'a product without price and no supplied price',
        { items: [{ externalProductId: 'SKU-NOPRICE', quantity: 1 }] },
        409,
        'PRICE_NOT_FOUND',
      ],
      ['a product whose ISV rate is not allowed', { items: [{ externalProductId: 'SKU-RATE12', quantity: 1 }] }, 409, 'INVALID_TAX_RATE'],
      [
        'a discount policy past its validity',
        { items: [{ externalProductId: 'SKU-OLD', quantity: 1 }] },
        409,
        'DISCOUNT_POLICY_UNAVAILABLE',
      ],
      ['an inactive discount policy', { items: [{ externalProductId: 'SKU-OFF', quantity: 1 }] }, 409, 'DISCOUNT_POLICY_UNAVAILABLE'],
      ['a discount policy of 150 %', { items: [{ externalProductId: 'SKU-BADPOL', quantity: 1 }] }, 409, 'INVALID_DISCOUNT_POLICY'],
      ['a clientId of no client', { items: [item], clientId: 999999 }, 400, 'EXTERNAL_INVOICE_CLIENT_NOT_FOUND'],
      // 1,000,000 x 999,999,999.9999 is within each number's limits, but no invoice total can be that large
      ['a total over 999,999,999,999.99', { items: [{ ...item, quantity: 1000000, price: 999999999.9999 }] }, 400, 'INVALID_REQUEST'],
    ];
    it.each(cases)('%s', async (_name, body, status, code) => {
      await expectRefused(body, status, code);
    });

    it('an exonerated client without RTN: EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN', async () => {
      await expectRefused({ items: [item], clientId: clientIds['CLI-NORTN'] }, 400, 'EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN');
    });

    it('a supplied price needs no price-list entry', async () => {
      const res = await preview({ items: [{ externalProductId: 'SKU-NOPRICE', quantity: 2, price: 12.5 }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ importe: 25, totalTaxes: 3.75, total: 28.75 });
    });
  });

  describe('configuration of the integration', () => {
    const item = { externalProductId: 'SKU-ARROZ', quantity: 1 };

    it.each([
      ['emissionPoint', 'INTEGRATION_MISSING_EMISSION_POINT'],
      ['creatorUser', 'INTEGRATION_MISSING_CREATOR_USER'],
      ['priceList', 'INTEGRATION_MISSING_PRICE_TYPE'],
    ])('answers 409 for a cleared %s', async (key, code) => {
      const company = await setUpCompany(t, acmeSetup({ integration: { [key]: null } }));
      await expectRefused({ items: [item] }, 409, code, company.auth);
    });

    it('does not need a payment terminal', async () => {
      const company = await setUpCompany(t, acmeSetup({ integration: { paymentTerminal: null } }));
      expect((await preview({ items: [item] }, company.auth)).status).toBe(200);
    });

    it('answers 409 INTEGRATION_EMISSION_POINT_NOT_FOUND when the operator deleted the emission point', async () => {
      const setup = acmeSetup();
      const company = await setUpCompany(t, setup);
      await applySetup(t, { company: setup.company, establishments: [{ code: '000', emissionPoints: [{ code: '001', deleted: true }] }] });
      await expectRefused({ items: [item] }, 409, 'INTEGRATION_EMISSION_POINT_NOT_FOUND', company.auth);
    });

    it('answers 409 DISCOUNT_POLICY_NOT_FOUND when the operator deleted a policy a price still references', async () => {
      const setup = acmeSetup();
      const company = await setUpCompany(t, setup);
      await applySetup(t, { company: setup.company, discountPolicies: [{ code: 'PROMO10', deleted: true }] });
      await expectRefused({ items: [{ externalProductId: 'SKU-CERVEZA', quantity: 1 }] }, 409, 'DISCOUNT_POLICY_NOT_FOUND', company.auth);
    });

    it('answers 400 PRODUCT_NOT_FOUND when the mapped product was deleted', async () => {
      const setup = acmeSetup();
      const company = await setUpCompany(t, setup);
      await applySetup(t, { company: setup.company, products: [{ code: 'ARROZ', deleted: true }] });
      await expectRefused({ items: [item] }, 400, 'PRODUCT_NOT_FOUND', company.auth);
    });

    it('answers 409 EXCHANGE_RATE_NOT_FOUND for a USD price when the company has no exchange rate', async () => {
      const company = await setUpCompany(t, acmeSetup({ company: { exchangeRate: undefined } }));
      await expectRefused({ items: [{ externalProductId: 'SKU-IMPORT', quantity: 1 }] }, 409, 'EXCHANGE_RATE_NOT_FOUND', company.auth);
    });

    it('exonerates every sale with exoneratedSales, and then needs a client', async () => {
      const company = await setUpCompany(t, acmeSetup({ integration: { exoneratedSales: true } }));
      await expectRefused({ items: [item] }, 400, 'EXTERNAL_INVOICE_EXONERATION_REQUIRES_CLIENT', company.auth);
      const client = await t.http
        .post('/v1/clients')
        .set(company.auth)
        .send({ clientName: 'ONG', email: 'o@o.hn', legalId: '08019000000077' });
      // The client has no exoneration of its own, so the sale's exempt purchase order is its only reference.
      await expectRefused(
        { items: [item], clientId: client.body.id },
        400,
        'EXTERNAL_INVOICE_EXONERATION_REQUIRES_REFERENCE',
        company.auth,
      );
      const res = await preview({ items: [item], clientId: client.body.id, exemptPurchaseOrderNumber: 'OCE-1' }, company.auth);
      expect(res.body).toMatchObject({ exoneratedAmount: 100, totalTaxes: 0, total: 100, exemptPurchaseOrderNumber: 'OCE-1' });
      const noRtn = await t.http.post('/v1/clients').set(company.auth).send({ clientName: 'Sin RTN', email: 'o@o.hn' });
      await expectRefused({ items: [item], clientId: noRtn.body.id }, 400, 'EXTERNAL_INVOICE_EXONERATION_REQUIRES_RTN', company.auth);
    });

    it('answers a client of another company as not found', async () => {
      const other = await setUpCompany(t, acmeSetup());
      await expectRefused({ items: [item], clientId: clientIds['CLI-ONG'] }, 400, 'EXTERNAL_INVOICE_CLIENT_NOT_FOUND', other.auth);
    });
  });

  it('resolves the catalog in as many queries for 30 lines as for 1', async () => {
    // Counted as this app sends them, through its ORM (knex's query event) and its plain SQL
    // client, not by the server's global Com_select, which every other client of the server moves too.
    let sent = 0;
    const count = (query: { sql: string }) => {
      if (/^\s*select\b/i.test(query.sql)) sent += 1;
    };
    const knex = t.orm.em.getConnection().getKnex();
    knex.on('query', count);
    const sql = t.container.get<SqlClient>(TOKENS.Sql);
    const selectBatch = sql.selectBatch;
    sql.selectBatch = function (this: SqlClient, queries) {
      for (const [statement] of queries) count({ sql: statement });
      return selectBatch.call(this, queries);
    };
    const selects = async () => sent;
    const skus = ['SKU-ARROZ', 'SKU-CERVEZA', 'SKU-LECHE', 'SKU-COMBO', 'SKU-IMPORT'];
    const queriesFor = async (lines: number) => {
      const before = await selects();
      const res = await preview({
        items: Array.from({ length: lines }, (_, i) => ({ externalProductId: skus[i % skus.length], quantity: 1 })),
      });
      expect(res.status).toBe(200);
      return (await selects()) - before;
    };
    await queriesFor(1); // warm: the first request may load metadata
    const one = await queriesFor(1);
    const thirty = await queriesFor(30);
    knex.off('query', count);
    delete (sql as Partial<SqlClient>).selectBatch;
    expect(thirty).toBe(one);
    expect(one).toBeGreaterThan(0);
    expect(one).toBeLessThanOrEqual(8);
  });

  it('writes nothing and consumes no number over 50 previews', async () => {
    const conn = t.orm.em.getConnection();
    const tables = (
      await conn.execute<{ name: string }[]>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name <> 'mikro_orm_migrations'",
      )
    ).map((r) => r.name);
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (name) => [name, (await conn.execute(`SELECT COUNT(*) AS n FROM \`${name}\``))[0].n])),
      );
    const ranges = async () => (await t.orm.em.fork().find(CaiRange, {}, { orderBy: { id: 'asc' } })).map((r) => r.nextNumber);
    const before = { counts: await counts(), ranges: await ranges() };
    for (let i = 0; i < 50; i++) {
      const res = await preview(MIXED_CART);
      expect(res.status).toBe(200);
    }
    expect({ counts: await counts(), ranges: await ranges() }).toEqual(before);
  });
});

import mysql from 'mysql2/promise';
import type { SetupDocument } from '../../src/services/company';
import { runAdminProcess } from '../support/admin-process';
import { expectError } from '../support/expect-error';
import { clientData, productData, sellingCompany, uniqueCode } from '../support/factories';
import { writeSetupFile } from '../support/setup-apply';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Sales are priced from a per-process copy of the company's configuration and catalog, checked
 * against the company's catalog counter, which the query authenticating the key reads on every
 * request. The changes below are made by other processes (the operator CLI), as another instance
 * or operator would make them: nothing tells this process but the database. A price changed
 * behind the writers' back (raw SQL, no counter bumped) shows that sales really are priced from
 * memory, and so that the counter, not luck, is what makes every other change visible.
 */
describe('pricing from memory', () => {
  let t: TestApp;
  let sql: mysql.Connection;

  beforeAll(async () => {
    t = await createTestApp();
    sql = await mysql.createConnection(t.config.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const ARROZ = { externalProductId: 'SKU-P-ARROZ', quantity: 1 };

  const newCompany = async (overrides: Parameters<typeof sellingCompany>[0] = {}) => {
    const document = sellingCompany({
      code: uniqueCode('PC'),
      company: { exchangeRate: 25 },
      products: [
        productData({ code: 'P-ARROZ', price: 100, isvRate: 15 }),
        productData({ code: 'P-IMPORT', price: 10, currency: 'USD', isvRate: 15 }),
      ],
      ...overrides,
    });
    return { document, ...(await setUpCompany(t, document)) };
  };
  /** Applies `document` with the operator CLI, in a process of its own. */
  const applyElsewhere = async (document: SetupDocument) => {
    const run = await runAdminProcess(t.config.databaseUrl, ['apply', writeSetupFile(document)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  };
  const issue = (company: ReadyCompany, body: object) =>
    t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', uniqueCode('K')).send(body);
  const preview = (company: ReadyCompany, body: object) => t.http.post('/v1/invoices/preview').set(company.auth).send(body);
  const totals = async (company: ReadyCompany, body: object) => {
    const [issued, previewed] = [await issue(company, body), await preview(company, body)];
    expect(issued.status).toBe(201);
    expect(previewed.status).toBe(200);
    return { issued: issued.body.total as number, previewed: previewed.body.total as number };
  };

  it('a price applied by another process is used by the very next issue and preview', async () => {
    const company = await newCompany();
    expect(await totals(company, { items: [ARROZ] })).toEqual({ issued: 115, previewed: 115 });

    // Behind the writers' back the kept price stands...
    await sql.query(
      "UPDATE product_prices pp JOIN products p ON p.id = pp.product_id SET pp.price = 999 WHERE p.company_id = ? AND p.code = 'P-ARROZ'",
      [company.companyId],
    );
    expect(await totals(company, { items: [ARROZ] })).toEqual({ issued: 115, previewed: 115 });

    // ...while the operator's change, in its own process, is priced with at once.
    await applyElsewhere({ ...company.document, priceLists: [{ code: 'GENERAL', prices: [{ product: 'P-ARROZ', price: 200 }] }] });
    const issued = await issue(company, { items: [ARROZ] });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      total: 230,
      lines: [expect.objectContaining({ unitPrice: 200, externalProductId: 'SKU-P-ARROZ' })],
    });
    expect((await preview(company, { items: [ARROZ] })).body).toMatchObject({ total: 230 });
  });

  it('a mapping deleted by another process answers PRODUCT_NOT_FOUND on the next request', async () => {
    const company = await newCompany();
    expect(await totals(company, { items: [ARROZ] })).toEqual({ issued: 115, previewed: 115 });

    await applyElsewhere({
      ...company.document,
      productMappings: [{ externalProductId: 'SKU-P-ARROZ', product: 'P-ARROZ', deleted: true }],
    });
    expectError(await preview(company, { items: [ARROZ] }), 400, 'PRODUCT_NOT_FOUND');
    expectError(await issue(company, { items: [ARROZ] }), 400, 'PRODUCT_NOT_FOUND');
  });

  it("the company's exchange rate and the integration defaults, changed by another process, apply to the next sale", async () => {
    const company = await newCompany();
    const IMPORT = { externalProductId: 'SKU-P-IMPORT', quantity: 1 };
    // USD 10 at 25.00 = 250.00, plus 15 %.
    expect(await totals(company, { items: [IMPORT] })).toEqual({ issued: 287.5, previewed: 287.5 });

    await applyElsewhere({ ...company.document, company: { ...company.document.company, exchangeRate: 26 } });
    expect(await totals(company, { items: [IMPORT] })).toEqual({ issued: 299, previewed: 299 });

    await applyElsewhere({
      ...company.document,
      paymentTerminals: [{ code: 'CAJA1', deleted: true }],
      integration: { paymentTerminal: null },
    });
    expectError(await issue(company, { items: [ARROZ] }), 409, 'INTEGRATION_MISSING_PAYMENT_TERMINAL');
    // A preview needs no payment terminal.
    expect((await preview(company, { items: [ARROZ] })).status).toBe(200);
  });

  it("a client's exoneration recorded by another process applies to the next sale to it", async () => {
    const company = await newCompany({ clients: [clientData({ code: 'CLI-1' })] });
    const [{ id: clientId }] = (await sql.query('SELECT id FROM clients WHERE company_id = ?', [company.companyId]))[0] as Array<{
      id: number;
    }>;
    const sale = { clientId, items: [ARROZ] };
    expect(await totals(company, sale)).toEqual({ issued: 115, previewed: 115 });

    const run = await runAdminProcess(t.config.databaseUrl, [
      'client',
      'exonerate',
      '--company',
      company.code,
      '--client-id',
      String(clientId),
      '--certificate',
      'EXO-2026-0042',
      '--valid-until',
      '2099-12-31',
    ]);
    expect(run.code).toBe(0);
    const issued = await issue(company, sale);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ total: 100, exoneratedAmount: 100, totalTaxes: 0 });
    expect((await preview(company, sale)).body).toMatchObject({ total: 100, exoneratedAmount: 100 });
  });

  it('with PRICING_CACHE_MAX_MB=0 every sale reads the configuration and catalog', async () => {
    const uncached = await createTestApp({ env: { PRICING_CACHE_MAX_MB: '0' } });
    try {
      const document = sellingCompany({ code: uniqueCode('PC'), products: [productData({ code: 'P-ARROZ', price: 100, isvRate: 15 })] });
      const company = await setUpCompany(uncached, document);
      const sale = () =>
        uncached.http
          .post('/v1/invoices/preview')
          .set(company.auth)
          .send({ items: [ARROZ] });
      expect((await sale()).body).toMatchObject({ total: 115 });
      const conn = await mysql.createConnection(uncached.config.databaseUrl);
      try {
        await conn.query(
          "UPDATE product_prices pp JOIN products p ON p.id = pp.product_id SET pp.price = 300 WHERE p.company_id = ? AND p.code = 'P-ARROZ'",
          [company.companyId],
        );
      } finally {
        await conn.end();
      }
      expect((await sale()).body).toMatchObject({ total: 345 });
    } finally {
      await uncached.close();
    }
  }, 120_000);
});

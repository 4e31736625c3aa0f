import mysql from 'mysql2/promise';
import { runAdminProcess } from '../support/admin-process';
import { productData, sellingCompany, uniqueCode } from '../support/factories';
import { writeSetupFile } from '../support/setup-apply';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * GET /v1/invoices/{id} and GET /v1/clients answer from a per-process cache checked against the
 * company's change counters, which the query authenticating the key reads on every request. The
 * changes below are made by other processes (the operator CLI), as another instance would make
 * them: nothing tells this process but the database. A row changed behind the writers' back
 * (raw SQL, no counter bumped) shows that answers really come from the cache, and so that the
 * counter, not luck, is what makes every other change visible.
 */
describe('read cache', () => {
  let t: TestApp;
  let sql: mysql.Connection;
  const products = [productData({ code: 'P-ARROZ', price: 100, isvRate: 15 })];
  const clients = [
    { code: 'CLI-A', clientName: 'Abarrotes Ana', email: 'ana@example.hn' },
    { code: 'CLI-B', clientName: 'Bodega Beto', email: 'beto@example.hn' },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    sql = await mysql.createConnection(t.config.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const newCompany = async () => {
    const document = sellingCompany({ code: uniqueCode('RC'), products, clients });
    return { document, ...(await setUpCompany(t, document)) };
  };
  const issue = async (auth: { Authorization: string }) => {
    const res = await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', uniqueCode('K'))
      .send({ items: [{ externalProductId: 'SKU-P-ARROZ', quantity: 1 }] });
    expect(res.status).toBe(201);
    return res.body as { id: number; total: number; isAnnulled: boolean };
  };
  const getInvoice = async (auth: { Authorization: string }, id: number) => {
    const res = await t.http.get(`/v1/invoices/${id}`).set(auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.body as { id: number; total: number; isAnnulled: boolean };
  };
  const clientNames = async (auth: { Authorization: string }) => {
    const res = await t.http.get('/v1/clients?page=1&limit=50').set(auth);
    expect(res.status).toBe(200);
    return { names: (res.body.clients as Array<{ clientName: string }>).map((c) => c.clientName), count: res.body.count as number };
  };

  it('an invoice annulled by another process is annulled on the next GET', async () => {
    const company = await newCompany();
    const issued = await issue(company.auth);
    expect(await getInvoice(company.auth, issued.id)).toMatchObject({ isAnnulled: false, total: 115 });
    expect(await getInvoice(company.auth, issued.id)).toMatchObject({ isAnnulled: false });

    // Behind the writers' back the cached answer stands...
    await sql.query('UPDATE invoices SET total = 999 WHERE id = ?', [issued.id]);
    expect(await getInvoice(company.auth, issued.id)).toMatchObject({ total: 115 });

    // ...while the operator's annulment, in its own process, is seen at once.
    const annul = await runAdminProcess(t.config.databaseUrl, [
      'invoice',
      'annul',
      '--reason',
      'error de emisión',
      '--company',
      company.code,
      '--id',
      String(issued.id),
    ]);
    expect(annul.code).toBe(0);
    expect(await getInvoice(company.auth, issued.id)).toMatchObject({ isAnnulled: true, total: 999 });
  });

  it('an invoice issued after a GET of its id answered 404 is found', async () => {
    const company = await newCompany();
    const first = await issue(company.auth);
    const next = first.id + 1;
    const missing = await t.http.get(`/v1/invoices/${next}`).set(company.auth);
    expect(missing.status).toBe(404);
    const issued = await issue(company.auth);
    expect(issued.id).toBe(next);
    expect(await getInvoice(company.auth, next)).toMatchObject({ id: next, isAnnulled: false });
  });

  it('another company never gets a cached invoice of the first', async () => {
    const first = await newCompany();
    const second = await newCompany();
    const issued = await issue(first.auth);
    await getInvoice(first.auth, issued.id);
    const res = await t.http.get(`/v1/invoices/${issued.id}`).set(second.auth);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('EXTERNAL_INVOICE_NOT_FOUND');
  });

  it('clients created through the API, or changed by `admin apply` in another process, are listed on the next GET', async () => {
    const company = await newCompany();
    expect(await clientNames(company.auth)).toEqual({ names: ['Abarrotes Ana', 'Bodega Beto'], count: 2 });

    await sql.query("UPDATE clients SET client_name = 'Cambiado a escondidas' WHERE code = 'CLI-A'");
    expect((await clientNames(company.auth)).names).toEqual(['Abarrotes Ana', 'Bodega Beto']);

    const created = await t.http.post('/v1/clients').set(company.auth).send({ clientName: 'Comercial Carla', email: 'carla@example.hn' });
    expect(created.status).toBe(201);
    expect(await clientNames(company.auth)).toEqual({ names: ['Bodega Beto', 'Cambiado a escondidas', 'Comercial Carla'], count: 3 });

    const file = writeSetupFile({
      ...company.document,
      clients: [
        { code: 'CLI-A', deleted: true },
        { code: 'CLI-B', clientName: 'Bodega Beto e Hijos', email: 'beto@example.hn' },
      ],
    });
    const apply = await runAdminProcess(t.config.databaseUrl, ['apply', file]);
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    expect(await clientNames(company.auth)).toEqual({ names: ['Bodega Beto e Hijos', 'Comercial Carla'], count: 2 });
  });

  it('with READ_CACHE_MAX_MB=0 every GET reads the database', async () => {
    const uncached = await createTestApp({ env: { READ_CACHE_MAX_MB: '0' } });
    try {
      const document = sellingCompany({ code: uniqueCode('RC'), products, clients });
      const company = await setUpCompany(uncached, document);
      const first = await uncached.http.get('/v1/clients').set(company.auth);
      expect(first.body.count).toBe(2);
      const conn = await mysql.createConnection(uncached.config.databaseUrl);
      try {
        await conn.query("UPDATE clients SET client_name = 'Visto sin caché' WHERE code = 'CLI-A'");
      } finally {
        await conn.end();
      }
      const second = await uncached.http.get('/v1/clients').set(company.auth);
      expect(second.body.clients.map((c: { clientName: string }) => c.clientName)).toContain('Visto sin caché');
    } finally {
      await uncached.close();
    }
  }, 120_000);
});

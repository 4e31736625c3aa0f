import 'reflect-metadata';
import { expectError } from '../support/expect-error';
import type { Test } from 'supertest';
import { Authenticator } from '../../src/services/access';
import { apiContract } from '../support/contract/api-contract';
import { listen, rawExchange, RawResponse, rawRequest } from '../support/raw-http';
import { productData, sellingCompany } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { testServerAddress } from '../support/test-database';

/**
 * Reaches every (operation, status) pair the OpenAPI document declares, through the real HTTP
 * stack. createTestApp checks each response against the document; the last test proves that no
 * documented pair was left unreached, so a status documented but never produced fails too.
 */
describe('the OpenAPI contract, operation by operation', () => {
  let t: TestApp;
  let limited: TestApp;
  let relay: TcpProxy;
  let cuttable: TestApp;
  let cuttableAuth: { Authorization: string };
  let auth: { Authorization: string };
  let disabled: { Authorization: string };
  let invoiceId: number;
  // What `sale` buys, and a product without a price (409 PRICE_NOT_FOUND).
  const products = [
    productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
    productData({ code: 'LECHE', price: 28, exempt: true }),
    productData({ code: 'NOPRICE', price: undefined }),
  ];
  const sale = {
    items: [
      { externalProductId: 'SKU-ARROZ', quantity: 2 },
      { externalProductId: 'SKU-LECHE', quantity: 1 },
    ],
  };
  const credit = { ...sale, isCredit: true };
  const oversized = JSON.stringify({ items: [], padding: 'x'.repeat(1_100_000) });

  beforeAll(async () => {
    t = await createTestApp({ pdf: true });
    ({ auth } = await setUpCompany(t, sellingCompany({ products })));
    ({ auth: disabled } = await setUpCompany(t, sellingCompany({ integration: { enabled: false } })));
    // A second service whose companies may send one request a minute, to reach every 429.
    limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    // A third service that reaches MariaDB through a relay the tests cut, as when its node dies.
    relay = await startTcpProxy(testServerAddress());
    cuttable = await createTestApp({ serverUrl: `mysql://root@127.0.0.1:${relay.port}` });
    ({ auth: cuttableAuth } = await setUpCompany(cuttable));
  });
  afterAll(async () => {
    relay.restore();
    await t.close();
    await limited.close();
    await cuttable.close();
    await relay.close();
  });

  it('serves health and the documentation without a key', async () => {
    await t.http.get('/v1/health').expect(200);
    await t.http.get('/v1/docs-yaml').expect(200);
    await t.http.get('/v1/docs').expect(200);
  });

  it('creates and lists clients, with each of their errors', async () => {
    const client = { clientName: 'Ferretería El Martillo', email: 'compras@elmartillo.hn', legalId: '08019012345678' };
    await t.http.post('/v1/clients').set(auth).send(client).expect(201);
    await t.http
      .post('/v1/clients')
      .set(auth)
      .send({ ...client, legalId: '0801' })
      .expect(400);
    await t.http.post('/v1/clients').set(auth).send(client).expect(409);
    await t.http.post('/v1/clients').set(auth).set('Content-Type', 'application/json').send(oversized).expect(413);
    await t.http.post('/v1/clients').set(auth).set('Content-Type', 'application/json; charset=latin1').send('{}').expect(400);
    await t.http.get('/v1/clients?page=1&limit=2').set(auth).expect(200);
    await t.http.get('/v1/clients?page=0&limit=2').set(auth).expect(400);
  });

  it('previews, with each of its errors', async () => {
    await t.http.post('/v1/invoices/preview').set(auth).send(sale).expect(200);
    await t.http.post('/v1/invoices/preview').set(auth).send({ items: [] }).expect(400);
    await t.http
      .post('/v1/invoices/preview')
      .set(auth)
      .send({ items: [{ externalProductId: 'SKU-NOPRICE', quantity: 1 }] })
      .expect(409);
    await t.http.post('/v1/invoices/preview').set(auth).send(credit).expect(422);
    await t.http.post('/v1/invoices/preview').set(auth).set('Content-Type', 'application/json').send(oversized).expect(413);
    await t.http.post('/v1/invoices/preview').set(auth).set('Content-Type', 'text/plain').send('items').expect(400);
  });

  it('issues, replays, and answers each issuing error', async () => {
    const issued = await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', 'contract-1').send(sale).expect(201);
    invoiceId = issued.body.id;
    const replay = await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', 'contract-1').send(sale).expect(201);
    expect(replay.body).toMatchObject({ id: invoiceId, replayed: true });
    await t.http.post('/v1/invoices').set(auth).send(sale).expect(400);
    await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', 'contract-1')
      .send({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }] })
      .expect(409);
    await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', 'contract-2').send(credit).expect(422);
    await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', 'contract-3')
      .set('Content-Type', 'application/json')
      .send(oversized)
      .expect(413);
    await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', 'contract-4')
      .set('Content-Type', 'application/vnd.api+json')
      .send(JSON.stringify(sale))
      .expect(400);
  });

  it('reads an invoice and its PDF, and answers 404 for an id outside the company', async () => {
    await t.http.get(`/v1/invoices/${invoiceId}`).set(auth).expect(200);
    await t.http.get('/v1/invoices/999999').set(auth).expect(404);
    await t.http.get('/v1/invoices/999999/pdf').set(auth).expect(404);
    const pdf = await t.http.get(`/v1/invoices/${invoiceId}/pdf`).set(auth);
    expect(pdf.status).toBe(t.pdfRenderer.isAvailable() ? 200 : 503);
  });

  it('answers 503 with Retry-After when the PDF cannot be rendered now', async () => {
    // An invoice whose PDF never rendered: no cached copy can answer for it.
    const render = jest.spyOn(t.pdfRenderer, 'render').mockRejectedValue(new Error('LibreOffice crashed'));
    try {
      const issued = await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', 'contract-503').send(sale).expect(201);
      const res = await t.http.get(`/v1/invoices/${issued.body.id}/pdf`).set(auth).expect(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      render.mockRestore();
    }
  });

  const protectedOperations: [string, (app: TestApp) => Test][] = [
    ['registerClient', (app) => app.http.post('/v1/clients').send({ clientName: 'X', email: 'x@x.hn' })],
    ['listClients', (app) => app.http.get('/v1/clients')],
    ['previewInvoice', (app) => app.http.post('/v1/invoices/preview').send(sale)],
    ['issueInvoice', (app) => app.http.post('/v1/invoices').set('Idempotency-Key', 'contract-auth').send(sale)],
    ['getInvoice', (app) => app.http.get('/v1/invoices/1')],
    ['getInvoicePdf', (app) => app.http.get('/v1/invoices/1/pdf')],
  ];

  it.each(protectedOperations)('%s answers 401 without a key and 403 for a company without the integration', async (_, request) => {
    await request(t).expect(401);
    await request(t).set(disabled).expect(403);
  });

  it.each(protectedOperations)('%s answers 500 INTERNAL_ERROR when the service fails', async (_, request) => {
    jest.spyOn(Authenticator.prototype, 'authenticate').mockRejectedValueOnce(new Error('the database went away'));
    const res = await request(t).set(auth).expect(500);
    expect(res.body.message).not.toContain('database');
  });

  it.each(protectedOperations)('%s answers 429 with Retry-After past the rate limit', async (_, request) => {
    const { auth: key } = await setUpCompany(limited);
    await limited.http.get('/v1/clients').set(key).expect(200);
    const res = await request(limited).set(key).expect(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it.each(protectedOperations)(
    '%s answers 503 SERVICE_UNAVAILABLE with Retry-After while the database is unreachable',
    async (_, request) => {
      relay.cut();
      try {
        const res = await request(cuttable).set(cuttableAuth).expect(503);
        expect(res.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
        expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      } finally {
        relay.restore();
      }
    },
  );

  it('says ready while the database answers and not ready (503, Retry-After) while it does not; health stays ok', async () => {
    const ready = await cuttable.http.get('/v1/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', details: { database: 'available', galeraState: null } });
    relay.cut();
    try {
      const notReady = await cuttable.http.get('/v1/ready').expect(503);
      expect(notReady.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      expect(notReady.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      await cuttable.http.get('/v1/health').expect(200);
    } finally {
      relay.restore();
    }
    await cuttable.http.get('/v1/ready').expect(200);
    await cuttable.http.get('/v1/clients').set(cuttableAuth).expect(200);
  });

  const everyOperation: [string, string][] = [
    ['GET', '/v1/health'],
    ['GET', '/v1/ready'],
    ['GET', '/v1/docs-yaml'],
    ['GET', '/v1/docs'],
    ['POST', '/v1/clients'],
    ['GET', '/v1/clients'],
    ['POST', '/v1/invoices/preview'],
    ['POST', '/v1/invoices'],
    ['GET', '/v1/invoices/1'],
    ['GET', '/v1/invoices/1/pdf'],
  ];
  /** The HTTP server answers these itself, before the app: checked against the document here. */
  const expectServerAnswer = (method: string, path: string, res: RawResponse, status: number, code: string) => {
    expectError({ status: res.status, body: res.json() }, status, code);
    apiContract().assertResponse(method, path, { status: res.status, headers: res.headers, body: res.json() });
  };

  it.each(everyOperation)(
    '%s %s answers a 20 KB header with 431 REQUEST_HEADER_FIELDS_TOO_LARGE in the error shape',
    async (method, path) => {
      const server = await listen(t.app);
      try {
        const res = await rawRequest(server.port, { method, path, headers: { ...auth, 'X-Padding': 'x'.repeat(20_000) } });
        expectServerAnswer(method, path, res, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
      } finally {
        await server.close();
      }
    },
  );

  it('answers 408 REQUEST_TIMEOUT in the error shape to a request not received in time, on every operation', async () => {
    // Node's timeouts, shortened so the test does not wait a minute; the answer is the same.
    const server = await listen(t.app, { headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 });
    try {
      const answers = await Promise.all(
        everyOperation.map(([method, path]) => rawExchange(server.port, `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n`)),
      );
      everyOperation.forEach(([method, path], i) => expectServerAnswer(method, path, answers[i], 408, 'REQUEST_TIMEOUT'));
    } finally {
      await server.close();
    }
  });

  it('reached every status of every documented operation', () => {
    const seen = apiContract().seen;
    const missing = apiContract()
      .documentedPairs()
      .filter((pair) => !seen.has(pair));
    const pdfAbsent = t.pdfRenderer.isAvailable() ? [] : ['getInvoicePdf 200'];
    expect(missing).toEqual(pdfAbsent);
  });
});

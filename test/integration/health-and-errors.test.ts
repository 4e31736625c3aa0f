import { createTestApp, TestApp } from '../support/test-app';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { listen, rawExchange } from '../support/raw-http';

describe('health, routing and the error shape', () => {
  let t: TestApp;
  let acme: ReadyCompany;

  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_LIMIT: '2kb' } });
    acme = await setUpCompany(t);
  });
  afterAll(() => t.close());

  it('answers health without a credential', async () => {
    const res = await t.http.get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', details: { pdf: 'unavailable' } }); // no LibreOffice started in this file
  });

  it('gives every response a request id, echoing the one the caller sent', async () => {
    const generated = await t.http.get('/v1/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.http.get('/v1/health').set('X-Request-Id', 'erp-order-77');
    expect(echoed.headers['x-request-id']).toBe('erp-order-77');
    const error = await t.http.get('/v1/nope').set('X-Request-Id', 'erp-order-78');
    expect(error.headers['x-request-id']).toBe('erp-order-78');
  });

  it('replaces a request id that is not plain text', async () => {
    const res = await t.http.get('/v1/health').set('X-Request-Id', 'a b{"x":1}');
    expect(res.headers['x-request-id']).not.toBe('a b{"x":1}');
  });

  it('answers an unknown route with 404 NOT_FOUND, with or without a key', async () => {
    for (const req of [t.http.get('/v1/invoicez'), t.http.get('/v1/invoicez').set(acme.auth), t.http.post('/nothing/here')]) {
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and the Allow header', async () => {
    const res = await t.http.delete('/v1/clients').set(acme.auth);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 'METHOD_NOT_ALLOWED', message: expect.any(String) });
    expect(res.headers.allow).toContain('POST');
    const put = await t.http.put('/v1/health');
    expect(put.status).toBe(405);
    expect(put.body.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const res = await t.http.post('/v1/clients').set(acme.auth).set('Content-Type', 'application/json').send('{"clientName": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers a JSON scalar body with 400 VALIDATION_FAILED', async () => {
    const res = await t.http.post('/v1/clients').set(acme.auth).set('Content-Type', 'application/json').send('"text"');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers a non-JSON body with 400 VALIDATION_FAILED', async () => {
    const res = await t.http.post('/v1/clients').set(acme.auth).set('Content-Type', 'text/plain').send('clientName=x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('answers a body over the size limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.http
      .post('/v1/clients')
      .set(acme.auth)
      .send({ clientName: 'x'.repeat(4000), email: 'a@b.hn' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('answers bytes that are not HTTP with 400 VALIDATION_FAILED in the error shape, from the HTTP server itself', async () => {
    const server = await listen(t.app);
    try {
      const res = await rawExchange(server.port, 'HELLO THERE\r\n\r\n');
      expect({ status: res.status, body: res.json() }).toEqual({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'The request is not well-formed HTTP/1.1.' },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });

  it('writes one structured access line per request, with its request id', async () => {
    await t.http.get('/v1/health').set('X-Request-Id', 'trace-health-1');
    const line = t.logs.entries().find((e) => e.requestId === 'trace-health-1' && e.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', path: '/v1/health', status: 200 });
  });
});

describe('an unexpected failure', () => {
  let t: TestApp;
  let acme: ReadyCompany;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
  });
  afterAll(() => t.close());

  it('answers 500 INTERNAL_ERROR with nothing internal in the message, and logs the detail with the request id', async () => {
    const conn = t.orm.em.getConnection();
    await conn.execute('RENAME TABLE clients TO clients_moved_away');
    try {
      const res = await t.http.get('/v1/clients').set(acme.auth).set('X-Request-Id', 'boom-1');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String) });
      expect(res.body.message).not.toMatch(/clients|table|sql|ER_/i);
      const logged = t.logs.entries().find((e) => e.requestId === 'boom-1' && e.level === 50);
      expect(JSON.stringify(logged)).toContain('clients');
    } finally {
      await conn.execute('RENAME TABLE clients_moved_away TO clients');
    }
  });
});

import { ApiKey } from '../../src/entities';
import { API_KEY_PREFIX } from '../../src/domain/api-key-format';
import { createTestApp, TestApp } from '../support/test-app';
import { sellingCompany } from '../support/factories';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { expectError } from '../support/expect-error';

describe('authentication (decision 22)', () => {
  let t: TestApp;
  let acme: ReadyCompany;

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
  });
  afterAll(() => t.close());

  it('accepts a valid bearer key', async () => {
    const res = await t.http.get('/v1/clients').set(acme.auth);
    expect(res.status).toBe(200);
  });

  it('answers 401 MISSING_API_KEY without an Authorization header', async () => {
    expectError(await t.http.get('/v1/clients'), 401, 'MISSING_API_KEY');
  });

  it('answers 401 MISSING_API_KEY for a Bearer header with no key', async () => {
    expectError(await t.http.get('/v1/clients').set('Authorization', 'Bearer '), 401, 'MISSING_API_KEY');
  });

  it('answers 401 INVALID_API_KEY for an unknown key', async () => {
    expectError(
      await t.http.get('/v1/clients').set('Authorization', `Bearer ${API_KEY_PREFIX}unknownunknownunknown`),
      401,
      'INVALID_API_KEY',
    );
  });

  it('answers 401 INVALID_API_KEY for another scheme, even with a valid key', async () => {
    expectError(await t.http.get('/v1/clients').set('Authorization', `Basic ${acme.apiKey}`), 401, 'INVALID_API_KEY');
    expectError(await t.http.get('/v1/clients').set('Authorization', acme.apiKey), 401, 'INVALID_API_KEY');
  });

  it('accepts the scheme name in any case', async () => {
    const res = await t.http.get('/v1/clients').set('Authorization', `bearer ${acme.apiKey}`);
    expect(res.status).toBe(200);
  });

  it('answers 401 INVALID_API_KEY for a revoked key', async () => {
    const company = await setUpCompany(t);
    await t.orm.em.fork().nativeUpdate(ApiKey, { company: company.companyId }, { revokedAt: new Date() });
    expectError(await t.http.get('/v1/clients').set(company.auth), 401, 'INVALID_API_KEY');
  });

  it('answers 401 INVALID_API_KEY for an expired key', async () => {
    const company = await setUpCompany(t);
    await t.orm.em.fork().nativeUpdate(ApiKey, { company: company.companyId }, { expiresAt: new Date(Date.now() - 1000) });
    expectError(await t.http.get('/v1/clients').set(company.auth), 401, 'INVALID_API_KEY');
  });

  it('answers 403 INTEGRATION_NOT_ENABLED for a valid key of a company without the integration', async () => {
    const disabled = await setUpCompany(t, sellingCompany({ integration: { enabled: false } }));
    expectError(await t.http.get('/v1/clients').set(disabled.auth), 403, 'INTEGRATION_NOT_ENABLED');
    expectError(
      await t.http.post('/v1/clients').set(disabled.auth).send({ clientName: 'X', email: 'x@y.hn' }),
      403,
      'INTEGRATION_NOT_ENABLED',
    );
  });

  it('checks the credential before the body, however bad the body is', async () => {
    expectError(await t.http.post('/v1/clients').send({ nonsense: true }), 401, 'MISSING_API_KEY');
    expectError(await t.http.post('/v1/clients').set('Content-Type', 'application/json').send('{bad json'), 401, 'MISSING_API_KEY');
    expectError(await t.http.post('/v1/invoices').set('Content-Type', 'text/plain').send('hello'), 401, 'MISSING_API_KEY');
    expectError(
      await t.http.post('/v1/invoices/preview').send({ items: [{ externalProductId: 'x'.repeat(2_000_000), quantity: 1 }] }),
      401,
      'MISSING_API_KEY',
    );
    expectError(
      await t.http.post('/v1/clients').set('Authorization', 'Bearer hninv_nope').set('Content-Type', 'application/json').send('{bad'),
      401,
      'INVALID_API_KEY',
    );
    const disabled = await setUpCompany(t, sellingCompany({ integration: { enabled: false } }));
    expectError(
      await t.http.post('/v1/clients').set(disabled.auth).set('Content-Type', 'application/json').send('{bad'),
      403,
      'INTEGRATION_NOT_ENABLED',
    );
  });

  it('stores only the SHA-256 of the key', async () => {
    const rows = await t.orm.em.fork().find(ApiKey, { company: acme.companyId });
    expect(rows).toHaveLength(1);
    expect(rows[0].keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].keyHash).not.toContain(acme.apiKey);
    expect(acme.apiKey.startsWith(rows[0].prefix)).toBe(true);
    expect(rows[0].prefix.length).toBeLessThan(acme.apiKey.length / 3);
  });

  it('never writes the API key to the log, whatever the outcome', async () => {
    const revokedCompany = await setUpCompany(t);
    await t.orm.em.fork().nativeUpdate(ApiKey, { company: revokedCompany.companyId }, { revokedAt: new Date() });
    await t.http.get('/v1/clients').set(acme.auth);
    await t.http.post('/v1/clients').set(acme.auth).send({ clientName: acme.apiKey, email: 'bad' });
    await t.http.get('/v1/clients').set(revokedCompany.auth);
    await t.http.get('/v1/clients').set('Authorization', `Basic ${acme.apiKey}`);
    await t.http.get(`/v1/nope?key=x`).set(acme.auth);
    expect(t.logs.lines.length).toBeGreaterThan(4);
    for (const key of [acme.apiKey, revokedCompany.apiKey]) {
      expect(t.logs.text).not.toContain(key);
      expect(t.logs.text).not.toContain(key.slice(API_KEY_PREFIX.length));
    }
  });
});

describe('rate limit (decision 23)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  it('answers 429 RATE_LIMITED with Retry-After past the limit, per company', async () => {
    const busy = await setUpCompany(t);
    const quiet = await setUpCompany(t);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.http.get('/v1/clients').set(busy.auth)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await t.http.get('/v1/clients').set(busy.auth);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await t.http.get('/v1/clients').set(quiet.auth)).status).toBe(200);
    expect((await t.http.get('/v1/health')).status).toBe(200);
  });
});

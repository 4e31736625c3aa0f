import type { Response } from 'supertest';
import { ONE_ITEM } from '../support/issuing-fixtures';
import { sellingCompany } from '../support/factories';
import { expectError } from '../support/expect-error';
import { binaryBody } from '../support/pdf-reader';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** Neither a browser, a proxy nor a shared cache keeps the answer, and no browser reads it as another type. */
function expectNotStored(res: Response): void {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

/**
 * The headers of the API's answers: every one, fiscal data or an error, is `no-store` and
 * `nosniff`; the docs page's static assets keep the day of caching they ask for; the docs page
 * cannot be framed.
 */
describe('response headers', () => {
  let t: TestApp;
  let acme: ReadyCompany;

  beforeAll(async () => {
    // A cold LibreOffice on a loaded machine can take longer than the default 30 s to start.
    t = await createTestApp({ pdf: true, env: { PDF_TIMEOUT_MS: '120000' } });
    acme = await setUpCompany(t, sellingCompany());
  }, 120_000);
  afterAll(() => t.close());

  it('on a client created and on the list of clients', async () => {
    const created = await t.http.post('/v1/clients').set(acme.auth).send({ clientName: 'Pulpería La Esquina', email: 'esquina@correo.hn' });
    expect(created.status).toBe(201);
    expectNotStored(created);
    const list = await t.http.get('/v1/clients').set(acme.auth);
    expect(list.status).toBe(200);
    expectNotStored(list);
    const page = await t.http.get('/v1/clients?page=1&limit=1').set(acme.auth);
    expect(page.body.clients).toHaveLength(1);
    expectNotStored(page);
  });

  it('on an invoice issued, read again, replayed and printed', async () => {
    const issue = () => t.http.post('/v1/invoices').set(acme.auth).set('Idempotency-Key', 'headers-1').send(ONE_ITEM);
    const issued = await issue();
    expect(issued.status).toBe(201);
    expectNotStored(issued);
    const replayed = await issue();
    expect(replayed.body.replayed).toBe(true);
    expectNotStored(replayed);
    const read = await t.http.get(`/v1/invoices/${issued.body.id}`).set(acme.auth);
    expect(read.status).toBe(200);
    expectNotStored(read);
    // Twice: the second answer comes from the read cache.
    expectNotStored(await t.http.get(`/v1/invoices/${issued.body.id}`).set(acme.auth));
    const pdf = await t.http.get(`/v1/invoices/${issued.body.id}/pdf`).set(acme.auth).buffer(true).parse(binaryBody);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectNotStored(pdf);
  }, 120_000);

  it('on a preview', async () => {
    const preview = await t.http.post('/v1/invoices/preview').set(acme.auth).send(ONE_ITEM);
    expect(preview.status).toBe(200);
    expectNotStored(preview);
  }, 120_000);

  it('on error answers, whichever layer refuses', async () => {
    const refusals: [Response, number, string][] = [
      [await t.http.get('/v1/clients'), 401, 'MISSING_API_KEY'],
      [await t.http.get('/v1/invoices/999999').set(acme.auth), 404, 'EXTERNAL_INVOICE_NOT_FOUND'],
      [await t.http.post('/v1/clients').set(acme.auth).send({ clientName: 'Sin correo' }), 400, 'VALIDATION_FAILED'],
      [await t.http.post('/v1/invoices').set(acme.auth).send(ONE_ITEM), 400, 'MISSING_IDEMPOTENCY_KEY'],
      [await t.http.get('/v1/no-such-thing'), 404, 'NOT_FOUND'],
      [await t.http.delete('/v1/clients').set(acme.auth), 405, 'METHOD_NOT_ALLOWED'],
      // The path of the cached assets, but no asset: an error, never cached.
      [await t.http.get('/v1/docs/assets/dist/nothing.js'), 404, 'NOT_FOUND'],
    ];
    for (const [res, status, code] of refusals) {
      expectError(res, status, code);
      expectNotStored(res);
    }
  });

  it("lets the docs page's assets be cached a day, and never lets the docs page be framed", async () => {
    const asset = await t.http.get('/v1/docs/assets/dist/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=86400');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.http.get('/v1/docs');
    expect(page.status).toBe(200);
    expectNotStored(page);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const policy = String(page.headers['content-security-policy']).split('; ');
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", "connect-src 'self'"]));
    // The page's one inline script is allowed by its hash, not by 'unsafe-inline'.
    expect(policy.find((d) => d.startsWith('script-src'))).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expectNotStored(await t.http.get('/v1/docs-yaml'));
  });
});

import { runAdmin } from '../support/run-admin';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const NO_SOFFICE = '/nonexistent/libreoffice/program/soffice';

describe('the service without LibreOffice (SOFFICE_PATH points nowhere)', () => {
  let t: TestApp;
  let acme: { auth: { Authorization: string }; code: string };

  beforeAll(async () => {
    t = await createTestApp({ pdf: true, env: { SOFFICE_PATH: NO_SOFFICE } });
    acme = await setUpCompany(t);
  }, 60_000);
  afterAll(() => t.close());

  it('still issues: POST answers 201 with pdfBase64 null, and GET /pdf a retryable 503 with Retry-After', async () => {
    const issued = await t.http
      .post('/v1/invoices')
      .set(acme.auth)
      .set('Idempotency-Key', 'no-lo-1')
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ invoiceNumber: 1, pdfBase64: null });

    const pdf = await t.http.get(`/v1/invoices/${issued.body.id}/pdf`).set(acme.auth);
    expect(pdf.status).toBe(503);
    expect(pdf.body).toEqual({ code: 'PDF_RENDER_FAILED', message: expect.stringMatching(/unavailable.*retry later/) });
    expect(pdf.headers['retry-after']).toBe('60');
    expect(t.logs.text).toContain('PDF rendering failed');
  });

  it('previews with pdfBase64 null', async () => {
    const res = await t.http
      .post('/v1/invoices/preview')
      .set(acme.auth)
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.pdfBase64).toBeNull();
  });

  it('says so in the health details while the status stays ok', async () => {
    const res = await t.http.get('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', details: { pdf: 'unavailable' } });
  });

  it('checks a template by its fields alone and says no sample was rendered', async () => {
    process.env.SOFFICE_PATH = NO_SOFFICE;
    try {
      const run = await runAdmin(t.config.databaseUrl, ['template', 'check', '--company', acme.code]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^template OK: .*invoice\.odt \(fields only: no sample rendered, LibreOffice \(soffice\.bin\) not found in \/nonexistent/,
      );
    } finally {
      delete process.env.SOFFICE_PATH;
    }
  });
});

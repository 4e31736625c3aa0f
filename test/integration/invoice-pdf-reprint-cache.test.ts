import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFreshBuild, REPO_ROOT } from '../support/fresh-build';
import { readPdf, binaryBody } from '../support/pdf-reader';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Reprints (GET /pdf of an unchanged invoice, a replay's pdfBase64) come from the per-instance
 * PDF cache, keyed by what the render depends on: the invoice's stored data, read on every
 * request, and the template and logo versions fixed on it at issue. The annulment here is made by another process (the
 * operator CLI), as another instance would: nothing tells this process, only the row changes.
 */
describe('reprints served from the PDF cache', () => {
  let t: TestApp;
  let company: { auth: { Authorization: string }; code: string };
  let templatesDir: string;
  let keySeq = 0;
  const cart = { items: [{ externalProductId: 'SKU-P-1', quantity: 2 }] };

  beforeAll(async () => {
    ensureFreshBuild('dist/src/cli/admin.js');
    templatesDir = copyTemplatesDir();
    t = await createTestApp({ pdf: true, env: { TEMPLATES_DIR: templatesDir } });
    company = await setUpCompany(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });
  afterEach(() => jest.restoreAllMocks());

  const issue = async (key = `reprint-${++keySeq}`) => {
    const res = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', key).send(cart);
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    return { key, invoice: res.body as { id: number; fiscalNumber: string; pdfBase64: string; replayed: boolean } };
  };
  const getPdf = async (id: number): Promise<Buffer> => {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(company.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const replay = async (key: string) => {
    const res = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', key).send(cart);
    expect(res.status).toBe(201);
    expect(res.body.replayed).toBe(true);
    return Buffer.from(res.body.pdfBase64 as string, 'base64');
  };
  /** `admin invoice annul` as the operator runs it: its own process on the same database. */
  const annulInAnotherProcess = (id: number) => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, 'dist/src/cli/admin.js'),
        'invoice',
        'annul',
        '--reason',
        'error de emisión',
        '--company',
        company.code,
        '--id',
        String(id),
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  };

  it('serves GET /pdf of an unchanged invoice and its replay without rendering again: the bytes POST answered', async () => {
    const { key, invoice } = await issue();
    const render = jest.spyOn(t.pdfRenderer, 'render');

    const first = await getPdf(invoice.id);
    const second = await getPdf(invoice.id);
    const replayed = await replay(key);

    expect(render).not.toHaveBeenCalled();
    expect(first.equals(Buffer.from(invoice.pdfBase64, 'base64'))).toBe(true);
    expect(second.equals(first)).toBe(true);
    expect(replayed.equals(first)).toBe(true);
  });

  it('shows ANULADA on the reprint and the replay of a cached invoice annulled through the operator CLI process', async () => {
    const { key, invoice } = await issue();
    expect(readPdf(await getPdf(invoice.id)).text).not.toContain('ANULADA');

    annulInAnotherProcess(invoice.id);
    const render = jest.spyOn(t.pdfRenderer, 'render');
    const reprint = readPdf(await getPdf(invoice.id));
    const replayed = readPdf(await replay(key));

    expect(reprint.text).toContain('ANULADA');
    expect(reprint.text).toContain(`No. ${invoice.fiscalNumber}`);
    expect(replayed.text).toContain('ANULADA');
    // Rendered once for the annulled state; the replay reused it.
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps serving an issued invoice with the letterhead it was issued with after the file changes; a new invoice prints the new one', async () => {
    const { invoice } = await issue();
    const original = await getPdf(invoice.id);
    await writeEditedTemplate(path.join(templatesDir, 'companies', company.code, 'invoice.odt'), withBanner('MEMBRETE NUEVO'));
    const render = jest.spyOn(t.pdfRenderer, 'render');

    const reprint = await getPdf(invoice.id);
    expect(reprint.equals(original)).toBe(true);
    expect(render).not.toHaveBeenCalled();

    const later = await issue();
    expect(readPdf(Buffer.from(later.invoice.pdfBase64, 'base64')).text).toContain('MEMBRETE NUEVO');
    expect(readPdf(await getPdf(later.invoice.id)).text).toContain('MEMBRETE NUEVO');
    // The new invoice rendered once (POST); its reprint came from the cache.
    expect(render).toHaveBeenCalledTimes(1);
  });
});

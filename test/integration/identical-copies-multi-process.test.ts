import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFreshBuild } from '../support/fresh-build';
import { readPdf } from '../support/pdf-reader';
import { rawRequest } from '../support/raw-http';
import { runAdmin } from '../support/run-admin';
import { requestJson, ServiceProcess, startServiceProcess, stopForGood } from '../support/service-process';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

const BANNER = 'MEMBRETE SOLO EN LA SEGUNDA INSTANCIA';
const CART = { items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] };

/**
 * Two compiled services on one database whose template folders differ (the worst case of a
 * letterhead edited on one instance): each invoice's copies come out the same from either
 * instance, because the version fixed at issue lives in the database, not in a folder.
 */
describe('identical copies across service processes', () => {
  let t: TestApp;
  let company: { auth: { Authorization: string }; code: string };
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  let plain: ServiceProcess;
  let edited: ServiceProcess;

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    t = await createTestApp();
    company = await setUpCompany(t);
    const plainDir = copyTemplatesDir();
    const editedDir = copyTemplatesDir();
    dirs.push(plainDir, editedDir);
    await writeEditedTemplate(path.join(editedDir, 'companies', company.code, 'invoice.odt'), withBanner(BANNER));
    const env = (dir: string) => ({ DATABASE_URL: t.config.databaseUrl, PORT: '0', LOG_LEVEL: 'info', TEMPLATES_DIR: dir });
    // One at a time: two LibreOffice cold starts at once on a small machine only slow each other.
    plain = await startServiceProcess(script, env(plainDir), (child) => children.push(child));
    edited = await startServiceProcess(script, env(editedDir), (child) => children.push(child));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const issueOn = async (service: ServiceProcess, key: string) => {
    const res = await requestJson(service.port, 'POST', '/v1/invoices', { ...company.auth, 'Idempotency-Key': key }, CART, 60_000);
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    return { id: res.body.id as number, text: readPdf(Buffer.from(res.body.pdfBase64, 'base64')).text };
  };
  const reprintOn = async (service: ServiceProcess, id: number) => {
    const res = await rawRequest(service.port, { method: 'GET', path: `/v1/invoices/${id}/pdf`, headers: company.auth }, 60_000);
    expect(res.status).toBe(200);
    return readPdf(res.body).text;
  };

  it('prints each invoice with the letterhead of the instance that issued it, from either instance', async () => {
    const a = await issueOn(plain, 'mp-copies-a');
    const b = await issueOn(edited, 'mp-copies-b');
    expect(a.text).not.toContain(BANNER);
    expect(b.text).toContain(BANNER);

    expect(await reprintOn(edited, a.id)).toBe(a.text);
    expect(await reprintOn(plain, b.id)).toBe(b.text);
    const replay = await requestJson(
      edited.port,
      'POST',
      '/v1/invoices',
      { ...company.auth, 'Idempotency-Key': 'mp-copies-a' },
      CART,
      60_000,
    );
    expect(replay.body).toMatchObject({ id: a.id, replayed: true });
    expect(readPdf(Buffer.from(replay.body.pdfBase64, 'base64')).text).toBe(a.text);

    expect(
      (
        await runAdmin(t.config.databaseUrl, [
          'invoice',
          'annul',
          '--reason',
          'error de emisión',
          '--company',
          company.code,
          '--id',
          String(a.id),
        ])
      ).code,
    ).toBe(0);
    const annulled = await reprintOn(edited, a.id);
    expect(annulled).toContain('ANULADA');
    expect(annulled).not.toContain(BANNER);
  }, 120_000);
});

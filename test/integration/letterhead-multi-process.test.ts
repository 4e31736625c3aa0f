import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminProcess } from '../support/admin-process';
import { ensureFreshBuild } from '../support/fresh-build';
import { readPdf } from '../support/pdf-reader';
import { rawRequest } from '../support/raw-http';
import { requestJson, ServiceProcess, startServiceProcess, stopForGood } from '../support/service-process';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

const FIRST = 'MEMBRETE PUBLICADO UNO';
const SECOND = 'MEMBRETE PUBLICADO DOS';
const CART = { items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] };
/** Three LibreOffice processes (two services, the CLI's check) start here: give a busy machine time. */
const SLOW_MACHINE = { PDF_TIMEOUT_MS: '120000' };

/**
 * Two compiled services on one database, each with its own template folder (no shared volume),
 * and the operator's CLI as a third process: a letterhead published through the CLI prints on the
 * next invoice of either service, with no restart; invoices issued before keep theirs; a rollback
 * is seen everywhere the same way.
 */
describe('a letterhead published once prints on every instance', () => {
  let t: TestApp;
  let company: { auth: { Authorization: string }; code: string };
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  let one: ServiceProcess;
  let two: ServiceProcess;
  let candidates: string;

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    ensureFreshBuild('dist/src/cli/admin.js');
    t = await createTestApp();
    company = await setUpCompany(t);
    candidates = fs.mkdtempSync(path.join(os.tmpdir(), 'letterhead-candidates-'));
    dirs.push(candidates);
    await writeEditedTemplate(path.join(candidates, 'first.odt'), withBanner(FIRST));
    await writeEditedTemplate(path.join(candidates, 'second.odt'), withBanner(SECOND));
    const env = () => {
      const dir = copyTemplatesDir();
      dirs.push(dir);
      return { DATABASE_URL: t.config.databaseUrl, PORT: '0', LOG_LEVEL: 'info', TEMPLATES_DIR: dir, ...SLOW_MACHINE };
    };
    // One at a time: two LibreOffice cold starts at once on a small machine only slow each other.
    one = await startServiceProcess(script, env(), (child) => children.push(child), 180_000);
    two = await startServiceProcess(script, env(), (child) => children.push(child), 180_000);
  }, 420_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    await t?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const issueOn = async (service: ServiceProcess) => {
    const key = `lh-mp-${Math.random().toString(36).slice(2)}`;
    const res = await requestJson(service.port, 'POST', '/v1/invoices', { ...company.auth, 'Idempotency-Key': key }, CART, 60_000);
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    const pdf = Buffer.from(res.body.pdfBase64, 'base64');
    return { id: res.body.id as number, pdf, text: readPdf(pdf).text };
  };
  const previewOn = async (service: ServiceProcess) => {
    const res = await requestJson(service.port, 'POST', '/v1/invoices/preview', company.auth, CART, 60_000);
    expect(res.status).toBe(200);
    return readPdf(Buffer.from(res.body.pdfBase64, 'base64')).text;
  };
  const reprintOn = async (service: ServiceProcess, id: number) => {
    const res = await rawRequest(service.port, { method: 'GET', path: `/v1/invoices/${id}/pdf`, headers: company.auth }, 60_000);
    expect(res.status).toBe(200);
    return res.body;
  };
  const admin = async (...args: string[]) => {
    const run = await runAdminProcess(t.config.databaseUrl, ['template', ...args, '--company', company.code], SLOW_MACHINE);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    return run.stdout.toString('utf8');
  };
  const versionOf = async (invoiceId: number) => {
    const [row] = await t.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number; sha256: string }>>(
        'select v.id, v.sha256 from invoices i join template_versions v on v.id = i.template_version_id where i.id = ?',
        [invoiceId],
      );
    return row;
  };
  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

  it('publish through the CLI: the next invoice and preview of either instance print it; earlier invoices keep theirs', async () => {
    const before = await issueOn(one);
    // Both instances have printed with the files, so each holds "nothing published" in memory.
    expect((await issueOn(two)).text).not.toContain(FIRST);
    expect(before.text).not.toContain(FIRST);
    const beforeVersion = await versionOf(before.id);

    const published = await admin('publish', '--document', 'invoice', '--file', path.join(candidates, 'first.odt'));
    expect(published).toContain(sha256(path.join(candidates, 'first.odt')));

    const onTwo = await issueOn(two);
    const onOne = await issueOn(one);
    expect(onTwo.text).toContain(FIRST);
    expect(onOne.text).toContain(FIRST);
    expect((await versionOf(onOne.id)).sha256).toBe(sha256(path.join(candidates, 'first.odt')));
    expect(await previewOn(one)).toContain(FIRST);
    expect(await previewOn(two)).toContain(FIRST);

    // The earlier invoice: same version, same text, from either instance.
    expect(await versionOf(before.id)).toEqual(beforeVersion);
    for (const service of [one, two]) {
      const copy = await reprintOn(service, before.id);
      expect(readPdf(copy).text).toBe(before.text);
    }
    expect((await reprintOn(one, before.id)).equals(before.pdf)).toBe(true);
  }, 300_000);

  it('rollback through the CLI: the letterhead published before is back on every instance', async () => {
    await admin('publish', '--document', 'invoice', '--file', path.join(candidates, 'second.odt'));
    const second = await issueOn(one);
    expect(second.text).toContain(SECOND);
    expect((await issueOn(two)).text).toContain(SECOND);

    const rolledBack = await admin('rollback', '--document', 'invoice');
    expect(rolledBack).toContain(`rolled back to ${sha256(path.join(candidates, 'first.odt'))}`);
    for (const service of [two, one]) {
      const after = await issueOn(service);
      expect(after.text).toContain(FIRST);
      expect(after.text).not.toContain(SECOND);
      expect(await previewOn(service)).toContain(FIRST);
    }
    // The invoice issued with the second letterhead keeps it.
    expect(readPdf(await reprintOn(two, second.id)).text).toBe(second.text);

    const current = (await admin('current')).trim().split('\n');
    expect(current[0]).toMatch(
      new RegExp(
        `^invoice\\s+${sha256(path.join(candidates, 'first.odt'))}\\s+\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z\\s+cli:${os.userInfo().username}$`,
      ),
    );
  }, 300_000);
});

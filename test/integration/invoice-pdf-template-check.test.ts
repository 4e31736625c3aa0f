import fs from 'node:fs';
import path from 'node:path';
import { runAdmin, shareLibreOfficeAcrossCommands } from '../support/run-admin';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * `admin template check` starts its own LibreOffice (as it does on an operator's machine; here one
 * the file's commands share), so this file's app runs without one: carbone allows one running
 * renderer per process.
 */
describe('admin template check', () => {
  shareLibreOfficeAcrossCommands();
  let t: TestApp;
  let templatesDir: string;
  let code: string;

  beforeAll(async () => {
    templatesDir = copyTemplatesDir();
    t = await createTestApp({ env: { TEMPLATES_DIR: templatesDir } });
    ({ code } = await setUpCompany(t));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });

  const check = async (...extra: string[]) => {
    const saved = process.env.TEMPLATES_DIR;
    process.env.TEMPLATES_DIR = templatesDir;
    try {
      return await runAdmin(t.config.databaseUrl, ['template', 'check', '--company', code, ...extra]);
    } finally {
      if (saved === undefined) delete process.env.TEMPLATES_DIR;
      else process.env.TEMPLATES_DIR = saved;
    }
  };

  it('passes the default template after rendering a sample invoice with it', async () => {
    const run = await check();
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    // carbone prints a CPU calibration when first loaded under jest; the result is the last line.
    expect(run.stdout.trim().split('\n').pop()).toBe(`template OK: ${path.join(templatesDir, 'invoice.odt')}`);
  }, 60_000);

  it('fails a letterhead without the CAI field, naming the field, in one line', async () => {
    const broken = path.join(templatesDir, 'companies', code, 'invoice.odt');
    await writeEditedTemplate(broken, (xml) => xml.replace('{d.cai}', ''));

    const run = await check();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`error: template ${broken} is broken: missing required field(s) {d.cai}\n`);
  }, 60_000);

  it('fails a letterhead whose verification QR code is gone, picture and address, naming both', async () => {
    const candidate = path.join(templatesDir, 'no-qr.odt');
    await writeEditedTemplate(candidate, (xml) =>
      xml.replace(/<draw:frame\b[^>]*draw:name="QR"[\s\S]*?<\/draw:frame>/, '').replace('{d.verificationUrl}', ''),
    );

    const run = await check('--file', candidate);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: template ${candidate} is broken: missing required field(s) {d.verificationUrl}, {qr}\n`);

    const onlyPicture = path.join(templatesDir, 'no-qr-picture.odt');
    await writeEditedTemplate(onlyPicture, (xml) => xml.replace('<svg:title>{qr}</svg:title>', ''));
    expect((await check('--file', onlyPicture)).stderr).toBe(`error: template ${onlyPicture} is broken: missing required field(s) {qr}\n`);
  }, 180_000);

  it("fails a letterhead without the exonerated buyer's references, naming each one", async () => {
    const candidate = path.join(templatesDir, 'no-exoneration.odt');
    await writeEditedTemplate(candidate, (xml) =>
      ['{d.exemptPurchaseOrderNumber}', '{d.exonerationCertificate}', '{d.sagRegistry}'].reduce(
        (text, field) => text.replace(field, ''),
        xml,
      ),
    );

    const run = await check('--file', candidate);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: template ${candidate} is broken: missing required field(s) {d.exemptPurchaseOrderNumber}, {d.exonerationCertificate}, {d.sagRegistry}\n`,
    );
  }, 60_000);

  it('checks a candidate file given with --file, naming a misspelt field', async () => {
    const candidate = path.join(templatesDir, 'candidate.odt');
    await writeEditedTemplate(candidate, (xml) => xml.replace('{d.issuer.rtn}', '{d.issuer.rtn} {d.issuer.rnt}'));

    const run = await check('--file', candidate);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown field(s) {d.issuer.rnt}');
  }, 60_000);

  it('refuses an unknown company', async () => {
    const run = await runAdmin(t.config.databaseUrl, ['template', 'check', '--company', 'NOPE']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: unknown company NOPE\n' });
  });

  it('refuses a file that is not an ODT', async () => {
    const notOdt = path.join(templatesDir, 'notes.odt');
    fs.writeFileSync(notOdt, 'just text');

    const run = await check('--file', notOdt);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is not an ODT file/);
    const missing = await check('--file', path.join(templatesDir, 'missing.odt'));
    expect(missing.stderr).toMatch(/cannot read .*missing\.odt \(ENOENT\)/);
  }, 60_000);
});

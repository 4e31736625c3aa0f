import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Invoice, TemplateVersion } from '../../src/entities';
import { TemplateVersionStore } from '../../src/services/documents';
import { inContext } from '../support/factories';
import { readPdf, type ReadPdf, binaryBody, letterheadImages } from '../support/pdf-reader';
import { framedPng } from '../support/png';
import { runAdmin } from '../support/run-admin';
import { setUpCompany } from '../support/setup-fixtures';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { createTestApp, TestApp } from '../support/test-app';

const BANNER = 'MEMBRETE NUEVO DE LA EMPRESA';
const CART = { items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Acuerdo 481-2017 Art. 38: copies are identical to the original. The letterhead and logo an
 * invoice is issued with are kept in the database; its reprints and replays use them, whatever
 * the files say later, while later invoices and previews use the edited files.
 */
describe('copies identical to the original after the letterhead changes', () => {
  let t: TestApp;
  let templatesDir: string;
  let acme: { auth: { Authorization: string }; code: string };
  const letterhead = () => path.join(templatesDir, 'companies', acme.code, 'invoice.odt');
  const logo = () => path.join(templatesDir, 'companies', acme.code, 'logo.png');

  beforeAll(async () => {
    templatesDir = copyTemplatesDir();
    // LibreOffice is started later: the first invoice is issued while PDFs cannot be rendered.
    t = await createTestApp({ env: { TEMPLATES_DIR: templatesDir } });
    acme = await setUpCompany(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });

  const issue = (key: string) => t.http.post('/v1/invoices').set(acme.auth).set('Idempotency-Key', key).send(CART);
  const pdfOf = (res: { body: { pdfBase64: string } }) => readPdf(Buffer.from(res.body.pdfBase64, 'base64'));
  const reprint = async (id: number): Promise<ReadPdf> => {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(acme.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return readPdf(res.body as Buffer);
  };
  const previewPdf = async () => pdfOf(await t.http.post('/v1/invoices/preview').set(acme.auth).send(CART));
  const versionsOf = async (id: number) => {
    const invoice = await t.orm.em.fork().findOneOrFail(Invoice, id, { populate: ['templateVersion', 'logoVersion'] });
    return { template: invoice.templateVersion?.sha256, logo: invoice.logoVersion?.sha256 ?? null };
  };

  it('reprints, replays and annuls on the letterhead each invoice was issued with', async () => {
    const failed = await issue('copies-c');
    expect(failed.status).toBe(201);
    expect(failed.body.pdfBase64).toBeNull();
    await t.pdfRenderer.start();

    const a = await issue('copies-a');
    expect(a.status).toBe(201);
    const original = pdfOf(a);
    expect(original.text).not.toContain(BANNER);
    expect(letterheadImages(original)).toEqual([]);

    await writeEditedTemplate(letterhead(), withBanner(BANNER));
    fs.writeFileSync(logo(), framedPng(300, 100, [20, 80, 160]));
    const b = await issue('copies-b');
    expect(b.status).toBe(201);
    const bOriginal = pdfOf(b);
    expect(bOriginal.text).toContain(BANNER);
    expect(letterheadImages(bOriginal)).toEqual([{ width: 300, height: 100 }]);
    expect((await previewPdf()).text).toContain(BANNER);

    // A: the reprint and the replay are the original document, nothing of the new letterhead or logo.
    const aReprint = await reprint(a.body.id);
    expect(aReprint.text).toBe(original.text);
    expect(letterheadImages(aReprint)).toEqual([]);
    const replay = await issue('copies-a');
    expect(replay.body).toMatchObject({ id: a.body.id, replayed: true });
    expect(pdfOf(replay).text).toBe(original.text);
    expect(letterheadImages(pdfOf(replay))).toEqual([]);
    // C's PDF failed at issue, yet its letterhead was fixed then, not at its first reprint.
    expect((await reprint(failed.body.id)).text).not.toContain(BANNER);

    // Without the files on disk, B still prints as issued; previews follow the files.
    fs.rmSync(letterhead());
    fs.rmSync(logo());
    const bReprint = await reprint(b.body.id);
    expect(bReprint.text).toBe(bOriginal.text);
    expect(letterheadImages(bReprint)).toEqual([{ width: 300, height: 100 }]);
    expect((await previewPdf()).text).not.toContain(BANNER);

    const annul = await runAdmin(t.config.databaseUrl, [
      'invoice',
      'annul',
      '--reason',
      'error de emisión',
      '--company',
      acme.code,
      '--id',
      String(a.body.id),
    ]);
    expect(annul.code).toBe(0);
    const annulled = await reprint(a.body.id);
    expect(annulled.text).toContain('ANULADA');
    expect(annulled.text).not.toContain(BANNER);
    expect(annulled.text.replace(/ANULADA/g, ' ').replace(/\s+/g, ' ')).toBe(original.text.replace(/\s+/g, ' '));
  }, 120_000);

  it('keeps each version once, addressed by the SHA-256 of the file it was read from', async () => {
    const defaultTemplate = sha256(fs.readFileSync(path.join(templatesDir, 'invoice.odt')));
    const invoices = await t.orm.em.fork().find(Invoice, { company: { code: acme.code } }, { orderBy: { id: 'asc' } });
    const [c, a, b] = await Promise.all(invoices.map((invoice) => versionsOf(invoice.id)));
    expect(c).toEqual({ template: defaultTemplate, logo: null });
    expect(a).toEqual({ template: defaultTemplate, logo: null });
    expect(b.template).not.toBe(defaultTemplate);
    expect(b.logo).toBe(sha256(framedPng(300, 100, [20, 80, 160])));
    const versions = await t.orm.em.fork().find(TemplateVersion, {}, { populate: ['content'] });
    expect(versions.map((v) => `${v.kind}:${v.sha256}`).sort()).toEqual(
      [`logo:${b.logo}`, `template:${b.template}`, `template:${defaultTemplate}`].sort(),
    );
    for (const v of versions) expect(sha256(v.content)).toBe(v.sha256);
  });

  it('issues while the letterhead is unreadable, and fixes the first letterhead its PDF can be printed with', async () => {
    fs.writeFileSync(letterhead(), 'not an ODT package');
    const d = await issue('copies-d');
    expect(d.status).toBe(201);
    expect(d.body.pdfBase64).toBeNull();
    expect((await versionsOf(d.body.id)).template).toBeUndefined();
    const refused = await t.http.get(`/v1/invoices/${d.body.id}/pdf`).set(acme.auth);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('PDF_RENDER_FAILED');

    await writeEditedTemplate(letterhead(), withBanner('MEMBRETE REPARADO'));
    expect((await reprint(d.body.id)).text).toContain('MEMBRETE REPARADO');
    expect((await versionsOf(d.body.id)).template).toBe(sha256(fs.readFileSync(letterhead())));
    await writeEditedTemplate(letterhead(), withBanner('MEMBRETE POSTERIOR'));
    const later = await reprint(d.body.id);
    expect(later.text).toContain('MEMBRETE REPARADO');
    expect(later.text).not.toContain('MEMBRETE POSTERIOR');
  }, 60_000);

  it('stores a new file once when several requests read it at the same time', async () => {
    await writeEditedTemplate(letterhead(), withBanner('MEMBRETE CONCURRENTE'));
    const store = t.container.get(TemplateVersionStore);
    const results = await Promise.all(Array.from({ length: 6 }, () => inContext(t.orm, () => store.current(acme.code, 'invoice'))));
    expect(new Set(results.map((r) => r?.templateVersionId)).size).toBe(1);
    const hash = sha256(fs.readFileSync(letterhead()));
    expect(await t.orm.em.fork().count(TemplateVersion, { kind: 'template', sha256: hash })).toBe(1);
  });
});

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ActivityEntry } from '../../src/entities';
import { LetterheadService } from '../../src/services/documents';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { readPdf } from '../support/pdf-reader';
import { framedPng } from '../support/png';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { editedTemplate, withBanner } from '../support/template-files';

const FAR = '2099-12-31';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Each check prints a sample with LibreOffice: minutes on a busy machine. */
const PDF_TEST_MS = 300_000;

/**
 * The console's letterhead page (administrators) through the real console app on the real
 * database and LibreOffice: download, upload a candidate (multipart), its check and preview,
 * publish, the next invoice's PDF, rollback; refusals that change nothing.
 */
describe('console letterhead page', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let admin: ConsoleClient;
  let accountant: ConsoleClient;
  let keys = 0;
  const base = () => `/companies/${company.code}/letterhead`;
  const files = (template: Buffer, logo?: Buffer) => ({
    template: { name: 'membrete.odt', data: template },
    ...(logo ? { logo: { name: 'logo.png', data: logo } } : {}),
  });
  const current = () => c.t.container.get(LetterheadService).current({ id: company.companyId, code: company.code });
  const activity = () => c.t.orm.em.fork().find(ActivityEntry, { action: { $like: 'letterhead-%' } }, { orderBy: { id: 'asc' } });
  const invoicePdfText = async () => {
    const res = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `lh-${++keys}`).send(CART);
    expect(res.status).toBe(201);
    const pdf = await admin.download(`/companies/${company.code}/invoices/${res.body.id}/pdf`);
    expect(pdf.status).toBe(200);
    return readPdf(pdf.body as Buffer).text;
  };

  /** A refused request: its status and words, and no table changed. */
  async function refused(send: () => Promise<{ status: number; text: string }>, status: number, text: RegExp) {
    const before = await tableChecksums(c.t.orm);
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.text).toMatch(text);
    expect(await tableChecksums(c.t.orm)).toBe(before);
  }

  beforeAll(async () => {
    c = await createConsoleTest({ pdf: true, env: { PDF_TIMEOUT_MS: '120000' } });
    company = await setUpCompany(
      c.t,
      setupWithRanges([{ cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR }], uniqueCode('M')),
    );
    const passwords = {
      admin: await c.addOperator('admin@membretes.hn', 'admin'),
      accountant: await c.addOperator('contador@membretes.hn', 'accountant', [company.code]),
    };
    admin = c.client();
    accountant = c.client();
    expect((await admin.signIn('admin@membretes.hn', passwords.admin)).status).toBe(303);
    expect((await accountant.signIn('contador@membretes.hn', passwords.accountant)).status).toBe(303);
  }, 240_000);
  afterAll(() => c.close());

  it('shows every document type printing from the files, links to it from the company page, and downloads the current template', async () => {
    const companyPage = await admin.get(`/companies/${company.code}`);
    expect(companyPage.text).toContain(`href="${base()}"`);
    const page = await admin.get(base());
    expect(page.status).toBe(200);
    for (const name of ['Factura', 'Nota de crédito', 'Nota de débito']) expect(page.text).toContain(`>${name}</h2>`);
    const file = fs.readFileSync(path.join(c.t.config.templatesDir, 'invoice.odt'));
    expect(page.text).toContain(`archivos del servidor (<code>${sha256(file).slice(0, 12)}</code>)`);
    expect(page.text).toContain('enctype="multipart/form-data"');

    const odt = await admin.download(`${base()}/invoice/template.odt`);
    expect(odt.status).toBe(200);
    expect(odt.headers['content-type']).toBe('application/vnd.oasis.opendocument.text');
    expect(odt.headers['content-disposition']).toBe(`attachment; filename="${company.code}-invoice.odt"`);
    expect(sha256(odt.body as Buffer)).toBe(sha256(file));
    expect((await admin.get(`${base()}/receipt/template.odt`)).status).toBe(404);
  });

  it("is out of an accountant's reach: 404 on every GET and POST, and no link to it", async () => {
    expect((await accountant.get(`/companies/${company.code}`)).text).not.toContain(`href="${base()}"`);
    await accountant.get(`/companies/${company.code}`);
    for (const page of [base(), `${base()}/invoice/template.odt`, `${base()}/candidates/${'0'.repeat(32)}/preview.pdf`])
      expect((await accountant.get(page)).status).toBe(404);
    await refused(
      () => accountant.upload(`${base()}/invoice/candidate`, files(fs.readFileSync(path.join(c.t.config.templatesDir, 'invoice.odt')))),
      404,
      /no existe/,
    );
    await refused(() => accountant.post(`${base()}/invoice/rollback`), 404, /no existe/);
    await refused(() => accountant.post(`${base()}/candidates/${'0'.repeat(32)}/publish`), 404, /no existe/);
    expect((await admin.get('/companies/NO-SUCH/letterhead')).status).toBe(404);
  });

  it('refuses a POST without its _csrf or with a wrong one, multipart too: 403 and nothing changes', async () => {
    await admin.get(base());
    const good = await editedTemplate(withBanner('MEMBRETE SIN TOKEN'));
    await refused(() => admin.upload(`${base()}/invoice/candidate`, files(good), {}, null), 403, /formulario caducó/);
    await refused(() => admin.upload(`${base()}/invoice/candidate`, files(good), {}, 'x'.repeat(43)), 403, /formulario caducó/);
    // An upload may carry its token in the query string instead: a wrong one there is refused
    // before the body is read, the right one lets the file reach the template check.
    await refused(
      () => admin.upload(`${base()}/invoice/candidate?_csrf=${'x'.repeat(43)}`, files(good), {}, null),
      403,
      /formulario caducó/,
    );
    await refused(
      () =>
        admin.upload(`${base()}/invoice/candidate?_csrf=${encodeURIComponent(admin.csrf!)}`, files(Buffer.from('no es un ODT')), {}, null),
      422,
      /membrete\.odt is not an ODT file/,
    );
    await refused(() => admin.post(`${base()}/invoice/rollback`, {}, null), 403, /formulario caducó/);
    await refused(() => admin.post(`${base()}/invoice/rollback`, {}, 'wrong'), 403, /formulario caducó/);
  });

  it(
    "refuses a broken candidate with the check's reason and changes nothing",
    async () => {
      await admin.get(base());
      const upload = (template: Buffer, logo?: Buffer) => () => admin.upload(`${base()}/invoice/candidate`, files(template, logo));
      await refused(upload(await editedTemplate((xml) => xml.replace('{d.cai}', ''))), 422, /missing required field\(s\) \{d\.cai\}/);
      // In Spanish first; the check's English words only as small print for support.
      await refused(
        upload(await editedTemplate((xml) => xml.replace('{d.cai}', ''))),
        422,
        /<li>Faltan campos obligatorios: \{d\.cai\}\. <small class="muted">\(missing required field/,
      );
      await refused(
        upload(await editedTemplate((xml) => xml.replace('{d.issuer.rtn}', '{d.issuer.rtn} {d.issuer.rnt}'))),
        422,
        /unknown field\(s\) \{d\.issuer\.rnt\}/,
      );
      await refused(upload(Buffer.from('esto no es un ODT')), 422, /membrete\.odt is not an ODT file/);
      await refused(
        upload(await editedTemplate(withBanner('LOGO MALO')), Buffer.from('GIF89a no es PNG')),
        422,
        /logo\.png is not a PNG image/,
      );
      await refused(() => admin.upload(`${base()}/invoice/candidate`, {}), 400, /choose the template/);
      await refused(upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1)), 413, /larger than 5 MB/);
      await refused(upload(await editedTemplate(withBanner('LOGO GRANDE')), Buffer.alloc(1024 * 1024 + 1, 1)), 413, /larger than 1 MB/);
      const page = await admin.upload(`${base()}/invoice/candidate`, files(await editedTemplate((xml) => xml.replace('{d.cai}', ''))));
      expect(page.text).toContain('La plantilla no pasó la revisión');
      expect(page.text).not.toContain('Publicar');
    },
    PDF_TEST_MS,
  );

  it(
    'checks a good candidate, previews it, publishes it for the next invoice, and rolls back to the one before',
    async () => {
      await admin.get(base());
      const first = await editedTemplate(withBanner('MEMBRETE UNO DE CONSOLA'));
      const logo = framedPng(120, 40, [20, 80, 160]);
      const before = await tableChecksums(c.t.orm);
      const answer = await admin.upload(`${base()}/invoice/candidate`, files(first, logo));
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('La plantilla pasó la revisión');
      // Checking and previewing store nothing.
      expect(await tableChecksums(c.t.orm)).toBe(before);
      const previewPath = /href="([^"]*\/preview\.pdf)"/.exec(answer.text)?.[1] ?? '';
      const publishPath = /action="([^"]*\/publish)"/.exec(answer.text)?.[1] ?? '';
      expect(previewPath).toMatch(new RegExp(`^${base()}/candidates/[0-9a-f]{32}/preview\\.pdf$`));
      const preview = await admin.download(previewPath);
      expect(preview.status).toBe(200);
      expect(preview.headers['content-type']).toBe('application/pdf');
      expect((preview.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
      expect(readPdf(preview.body as Buffer).text).toContain('MEMBRETE UNO DE CONSOLA');
      // Another operator's session does not reach it.
      expect((await accountant.get(previewPath)).status).toBe(404);

      expect(await invoicePdfText()).not.toContain('MEMBRETE UNO DE CONSOLA');
      const published = await admin.post(publishPath);
      expect(published.status).toBe(303);
      expect(published.headers.location).toBe(base());
      const [invoice] = await current();
      expect(invoice).toMatchObject({ documentType: 'invoice', source: 'published', sha256: sha256(first) });
      expect(invoice.publication).toMatchObject({ publishedBy: 'admin@membretes.hn', logoSha256: sha256(logo) });
      expect((await activity()).map((row) => [row.action, row.actor])).toEqual([['letterhead-published', 'admin@membretes.hn']]);
      const page = await admin.get(base());
      expect(page.text).toContain(`versión publicada <code>${sha256(first).slice(0, 12)}</code>`);
      expect(page.text).toContain('admin@membretes.hn');
      expect(await invoicePdfText()).toContain('MEMBRETE UNO DE CONSOLA');
      // A published candidate is gone: the same id publishes nothing twice.
      await refused(() => admin.post(publishPath), 404, /no existe/);

      const second = await editedTemplate(withBanner('MEMBRETE DOS DE CONSOLA'));
      const secondAnswer = await admin.upload(`${base()}/invoice/candidate`, files(second));
      expect(secondAnswer.status).toBe(200);
      const publishSecond = /action="([^"]*\/publish)"/.exec(secondAnswer.text)?.[1] ?? '';
      expect((await admin.post(publishSecond)).status).toBe(303);
      expect((await current())[0].sha256).toBe(sha256(second));
      // Without a new logo, the published one stays.
      expect((await current())[0].publication?.logoSha256).toBe(sha256(logo));
      expect(await invoicePdfText()).toContain('MEMBRETE DOS DE CONSOLA');

      const withHistory = await admin.get(base());
      expect(withHistory.text).toContain(`action="${base()}/invoice/rollback"`);
      const rolled = await admin.post(`${base()}/invoice/rollback`);
      expect(rolled.status).toBe(303);
      expect((await current())[0].sha256).toBe(sha256(first));
      expect((await activity()).map((row) => [row.action, row.actor])).toEqual([
        ['letterhead-published', 'admin@membretes.hn'],
        ['letterhead-published', 'admin@membretes.hn'],
        ['letterhead-rolled-back', 'admin@membretes.hn'],
      ]);
      const text = await invoicePdfText();
      expect(text).toContain('MEMBRETE UNO DE CONSOLA');
      expect(text).not.toContain('MEMBRETE DOS DE CONSOLA');
      expect((await admin.get(base())).text).toMatch(/<td>Revertido<\/td>/);
    },
    PDF_TEST_MS * 2,
  );

  it('refuses a rollback with nothing published before: 409 with the reason, nothing changes', async () => {
    await admin.get(base());
    await refused(() => admin.post(`${base()}/creditNote/rollback`), 409, /has published no credit note letterhead/);
  });
});

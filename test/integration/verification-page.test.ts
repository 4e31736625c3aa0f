import { createHash } from 'node:crypto';
import { loadConfig } from '../../config/config';
import { Client, Invoice, Note } from '../../src/entities';
import { NotePdfService, NoteReader } from '../../src/services/sales';
import { PREVIEW_VERIFICATION } from '../../src/pdf/template-data';
import { caiOf } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { clientData, productData, sellingCompany, uniqueCode } from '../support/factories';
import { binaryBody, readPdf } from '../support/pdf-reader';
import { decodePdfQrCodes } from '../support/qr-reader';
import { runAdmin } from '../support/run-admin';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

const PUBLIC_BASE_URL = 'https://facturas.example.test';
const BUYER = { name: 'Ferretería El Clavo', rtn: '08019000000077' };
/** An issuer name with markup in it: the page must print it as text. */
const ISSUER = `Comercial <b>"Los Pinos"</b> & Cía`;
const ISSUER_RTN = '08019999000001';

/** What a buyer's phone does with a printed QR: decode it off the rendered page, then open the address. */
function scannedPath(pdf: Buffer, base = PUBLIC_BASE_URL): string {
  const [code] = decodePdfQrCodes(pdf);
  if (code === null || code === undefined) throw new Error('no readable QR code on the first page');
  expect(code.startsWith(`${base}/verify/`)).toBe(true);
  return new URL(code).pathname;
}

/** DD/MM/YYYY of an instant in Honduras (UTC-6, no daylight saving). */
const hondurasDay = (iso: string) =>
  new Date(new Date(iso).getTime() - 6 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('/');

describe('verifiable documents: the QR code and GET /verify/{token}', () => {
  let t: TestApp;
  let company: ReadyCompany;
  const code = uniqueCode('V');
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);

  beforeAll(async () => {
    // The address limit is tested on an app of its own below; here it would count every request of the file.
    // No PDF cache: a reprint is rendered again, so its code is shown to be the same, not merely served again.
    t = await createTestApp({
      pdf: true,
      env: { PUBLIC_BASE_URL, VERIFY_RATE_LIMIT_PER_MINUTE: '0', PDF_TIMEOUT_MS: '60000', PDF_CACHE_MAX_MB: '0' },
    });
    company = await setUpCompany(
      t,
      sellingCompany({
        code,
        company: { name: ISSUER, rtn: ISSUER_RTN },
        products: [productData({ code: 'P-ARROZ', name: 'Arroz 50 lb', externalProductId: 'SKU-ARROZ', price: 100, isvRate: 15 })],
        clients: [clientData({ code: 'CLI-1', clientName: BUYER.name, legalId: BUYER.rtn })],
        emissionPoints: [
          {
            code: '001',
            caiRanges: [
              { cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31' },
              { cai: caiOf('b'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31', documentType: 'creditNote' },
            ],
          },
        ],
      }),
    );
  }, 120_000);
  afterAll(() => t.close());

  async function sale(key: string): Promise<{ id: number; fiscalNumber: string; invoiceDate: string; cai: string }> {
    const client = await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId });
    const res = await t.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', key)
      .send({ clientId: client.id, items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }] });
    expect(res.status).toBe(201);
    return res.body as { id: number; fiscalNumber: string; invoiceDate: string; cai: string };
  }

  async function invoicePdf(id: number): Promise<Buffer> {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(company.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }

  async function notePdf(id: number): Promise<Buffer> {
    const ref = { id: company.companyId, code };
    const note = await t.container.get(NoteReader).get(ref, id);
    return t.container.get(NotePdfService).render(ref, note);
  }

  const page = (path: string) => t.http.get(path).set('Accept', 'text/html');
  const json = (path: string) => t.http.get(path).set('Accept', 'application/json');

  /** Neither the page nor the JSON may say who bought, nor what. */
  function expectNoBuyerData(html: string, body: unknown) {
    for (const text of [html, JSON.stringify(body)]) {
      for (const secret of [BUYER.name, BUYER.rtn, 'Arroz', 'SKU-ARROZ', 'P-ARROZ']) expect(text).not.toContain(secret);
    }
  }

  it("prints a QR code that opens the invoice's page, which follows its notes and its annulment", async () => {
    const invoice = await sale('verify-1');
    const pdf = await invoicePdf(invoice.id);
    const path = scannedPath(pdf);
    const stored = await t.orm.em.fork().findOneOrFail(Invoice, invoice.id);
    expect(path).toBe(`/verify/${stored.verificationToken}`);
    // The address is printed beside the code, whole, on one line.
    expect(readPdf(pdf).text).toContain(`${PUBLIC_BASE_URL}${path}`);

    const live = await page(path);
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['content-security-policy']).toContain("default-src 'none'");
    // The page's one style sheet is the one the policy allows (by hash); no script is allowed at all.
    const style = /<style>([\s\S]*?)<\/style>/.exec(live.text)?.[1] ?? '';
    expect(live.headers['content-security-policy']).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    for (const fact of [
      'FACTURA',
      invoice.fiscalNumber,
      invoice.cai,
      hondurasDay(invoice.invoiceDate),
      'L 345.00',
      'VIGENTE',
      ISSUER_RTN,
      // Escaped as preact-render-to-string does: `<` and `&` (what could open markup or an entity) and `"`; a bare `>` is text.
      'Comercial &lt;b>&quot;Los Pinos&quot;&lt;/b> &amp; Cía',
    ])
      expect(live.text).toContain(fact);
    expect(live.text).not.toContain('<b>');
    expect(live.text).not.toMatch(/<script/i);
    expect(live.text).toContain('Ninguna.');

    const facts = await json(path);
    expect(facts.status).toBe(200);
    expect(facts.body).toEqual({
      issuer: { name: ISSUER, rtn: ISSUER_RTN },
      type: 'FACTURA',
      number: invoice.fiscalNumber,
      cai: invoice.cai,
      date: hondurasDay(invoice.invoiceDate).split('/').reverse().join('-'),
      total: 345,
      state: 'VIGENTE',
      notes: [],
    });
    expectNoBuyerData(live.text, facts.body);

    // A reprint, rendered anew, carries the same code and prints the same text.
    const reprint = await invoicePdf(invoice.id);
    expect(scannedPath(reprint)).toBe(path);
    expect(readPdf(reprint).text).toBe(readPdf(pdf).text);

    // A credit note made by another process (the CLI) shows on the next request.
    const credit = await admin(...noteCommand('credit', code, invoice.id, 'Devolución', '--return', '1:1', '--json'));
    expect(credit).toMatchObject({ code: 0, stderr: '' });
    const note = JSON.parse(credit.stdout) as { id: number; number: string };
    const withNote = await json(path);
    expect(withNote.body.notes).toEqual([{ type: 'NOTA DE CRÉDITO', number: note.number, date: withNote.body.date, total: 115 }]);
    const withNotePage = await page(path);
    for (const fact of ['NOTA DE CRÉDITO', note.number, 'L 115.00']) expect(withNotePage.text).toContain(fact);
    expectNoBuyerData(withNotePage.text, withNote.body);

    // The note's own QR code opens the note's page, under the base of the process that issued it (decision 70).
    const cliBase = loadConfig({ ...process.env, DATABASE_URL: t.config.databaseUrl }).publicBaseUrl;
    const notePath = scannedPath(await notePdf(note.id), cliBase);
    expect(notePath).toBe(`/verify/${(await t.orm.em.fork().findOneOrFail(Note, note.id)).verificationToken}`);
    expect((await json(notePath)).body).toEqual({
      issuer: { name: ISSUER, rtn: ISSUER_RTN },
      type: 'NOTA DE CRÉDITO',
      number: note.number,
      cai: caiOf('b'),
      date: withNote.body.date,
      total: 115,
      state: 'VIGENTE',
      notes: null,
    });
    const notePage = await page(notePath);
    expect(notePage.text).toContain('NOTA DE CRÉDITO');
    expect(notePage.text).toContain(note.number);
    expectNoBuyerData(notePage.text, {});

    // Annulled by the CLI: the note reads ANULADA and no longer modifies the invoice; then the invoice.
    expect((await admin('note', 'annul', '--company', code, '--id', String(note.id), '--reason', 'Emitida con error')).code).toBe(0);
    expect((await json(notePath)).body.state).toBe('ANULADA');
    expect((await page(notePath)).text).toContain('ANULADA');
    expect((await json(path)).body.notes).toEqual([]);
    expect((await admin('invoice', 'annul', '--company', code, '--id', String(invoice.id), '--reason', 'Emitida con error')).code).toBe(0);
    const annulled = await page(path);
    expect(annulled.status).toBe(200);
    expect(annulled.text).toContain('ANULADA');
    expect(annulled.text).not.toContain('VIGENTE');
    expect((await json(path)).body.state).toBe('ANULADA');
  }, 180_000);

  it('prints no working code on a preview: a blank square and a text instead of an address', async () => {
    const client = await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId });
    const res = await t.http
      .post('/v1/invoices/preview')
      .set(company.auth)
      .send({ clientId: client.id, items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(res.body.pdfBase64 as string, 'base64');
    const { text } = readPdf(pdf);
    expect(text).toContain(PREVIEW_VERIFICATION);
    expect(text).not.toContain('/verify/');
    expect(decodePdfQrCodes(pdf)).toEqual([null]);
  }, 60_000);

  it('answers the same 404 for every token that names no document: unknown, malformed, over-long, in the wrong case', async () => {
    const real = (await t.orm.em.fork().findAll(Invoice, { limit: 1 }))[0].verificationToken;
    const swapped =
      real.replace(/[a-z]/, (c) => c.toUpperCase()) === real
        ? real.replace(/[A-Z]/, (c) => c.toLowerCase())
        : real.replace(/[a-z]/, (c) => c.toUpperCase());
    const paths = [
      '/verify/AAAAAAAAAAAAAAAAAAAAAA',
      `/verify/${swapped}`,
      `/verify/${real}x`,
      `/verify/${real.slice(1)}`,
      '/verify/abc',
      '/verify/%3Cscript%3E',
      '/verify/..%2F..%2Fetc',
      `/verify/${'A'.repeat(4000)}`,
      `/verify/${real}/again`,
      '/verify/',
      '/verify',
    ];
    const pages = await Promise.all(paths.map((p) => page(p)));
    const answers = await Promise.all(paths.map((p) => json(p)));
    for (const res of [...pages, ...answers]) expect(res.status).toBe(404);
    expect(new Set(pages.map((res) => res.text)).size).toBe(1);
    expect(pages[0].text).toContain('Documento no encontrado');
    expect(new Set(answers.map((res) => res.text)).size).toBe(1);
    expect(answers[0].body).toEqual({ code: 'NOT_FOUND', message: 'No existe un documento con este código de verificación.' });
  });
});

describe('GET /verify/{token} rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('answers 60 requests a minute from one address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 60; i++) expect((await t.http.get('/verify/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const refused = await t.http.get('/verify/AAAAAAAAAAAAAAAAAAAAAA').set('Accept', 'text/html');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.text).toContain('demasiadas consultas');
    const asJson = await t.http.get('/verify/AAAAAAAAAAAAAAAAAAAAAA').set('Accept', 'application/json');
    expect(asJson.status).toBe(429);
    expect(asJson.headers['retry-after']).toBeDefined();
    expect(asJson.body.code).toBe('RATE_LIMITED');
    // Without TRUST_PROXY a forwarded address counts for nothing: a caller cannot pick another.
    expect((await t.http.get('/verify/AAAAAAAAAAAAAAAAAAAAAA').set('X-Forwarded-For', '198.51.100.7')).status).toBe(429);
  });
});

describe('GET /verify/{token} rate limit behind a proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', VERIFY_RATE_LIMIT_PER_MINUTE: '2' } });
  }, 60_000);
  afterAll(() => t.close());

  const from = (forwardedFor: string) => t.http.get('/verify/AAAAAAAAAAAAAAAAAAAAAA').set('X-Forwarded-For', forwardedFor);

  it('counts per buyer, by the address the proxy appended last, whatever a caller puts before it', async () => {
    expect((await from('203.0.113.9')).status).toBe(404);
    expect((await from('203.0.113.9')).status).toBe(404);
    expect((await from('203.0.113.9')).status).toBe(429);
    expect((await from('198.51.100.7, 203.0.113.9')).status).toBe(429);
    expect((await from('203.0.113.10')).status).toBe(404);
  });
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Invoice, Note } from '../../src/entities';
import { CompanyDirectory } from '../../src/services/company';
import { NotePdfService, NoteReader } from '../../src/services/sales';
import { runAdminProcess } from '../support/admin-process';
import { inContext, productData, sellingCompany, uniqueCode } from '../support/factories';
import { ensureFreshBuild } from '../support/fresh-build';
import { caiOf } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { binaryBody, readPdf } from '../support/pdf-reader';
import { decodePdfQrCodes } from '../support/qr-reader';
import { rawRequest } from '../support/raw-http';
import { requestJson, type ServiceProcess, startServiceProcess, stopForGood } from '../support/service-process';
import { applySetup, setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** Each process's own PUBLIC_BASE_URL: the in-process app, two services, the CLI that issues notes and the one that prints them. */
const HERE = 'https://aqui.facturas.example.test';
const SERVICE_A = 'https://a.facturas.example.test';
const SERVICE_B = 'https://b.facturas.example.test/caja';
const CLI = 'https://cli.facturas.example.test';
const PRINTING_CLI = 'https://impresion.facturas.example.test';
/** The company's own base (setup file). */
const OWN = 'https://verifica.empresa.example.test';
const CART = { items: [{ externalProductId: 'SKU-1', quantity: 2 }] };

/** What a buyer's phone reads off the printed code, and what the page prints beside it: the same address. */
function printedAddress(pdf: Buffer): string {
  const [code] = decodePdfQrCodes(pdf);
  if (code === null || code === undefined) throw new Error('no readable QR code on the first page');
  expect(readPdf(pdf).text).toContain(code);
  return code;
}

/**
 * The verification address is part of the document (decision 70): the base is fixed at issue
 * and stored with it, so every process prints the same bytes whatever its own PUBLIC_BASE_URL.
 */
describe('the verification address fixed at issue', () => {
  let t: TestApp;
  let plain: ReadyCompany;
  let own: ReadyCompany;
  let dir: string;
  const children: ChildProcess[] = [];
  let a: ServiceProcess;
  let b: ServiceProcess;

  const company = (code: string, base?: string | null) =>
    sellingCompany({
      code,
      company: base === undefined ? {} : { verificationBaseUrl: base },
      products: [productData({ code: 'P-1', externalProductId: 'SKU-1', price: 100, isvRate: 15 })],
      emissionPoints: [
        {
          code: '001',
          caiRanges: [
            { cai: caiOf('a', code), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31' },
            { cai: caiOf('b', code), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31', documentType: 'creditNote' },
          ],
        },
      ],
    });
  const ownCode = uniqueCode('VO');

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    ensureFreshBuild('dist/src/cli/admin.js');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verification-base-'));
    t = await createTestApp({ pdf: true, env: { PUBLIC_BASE_URL: HERE, PDF_CACHE_MAX_MB: '0', PDF_TIMEOUT_MS: '90000' } });
    plain = await setUpCompany(t, company(uniqueCode('VP')));
    own = await setUpCompany(t, company(ownCode, OWN));
    const env = (base: string) => ({ DATABASE_URL: t.config.databaseUrl, PORT: '0', PUBLIC_BASE_URL: base, PDF_TIMEOUT_MS: '90000' });
    // One at a time: two LibreOffice cold starts at once on a small machine only slow each other.
    a = await startServiceProcess(script, env(SERVICE_A), (child) => children.push(child));
    b = await startServiceProcess(script, env(SERVICE_B), (child) => children.push(child));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function issueOn(service: ServiceProcess, who: ReadyCompany, key: string): Promise<{ id: number; pdf: Buffer }> {
    const res = await requestJson(service.port, 'POST', '/v1/invoices', { ...who.auth, 'Idempotency-Key': key }, CART, 90_000);
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    return { id: res.body.id as number, pdf: Buffer.from(res.body.pdfBase64 as string, 'base64') };
  }
  async function pdfOn(service: ServiceProcess, who: ReadyCompany, id: number): Promise<Buffer> {
    const res = await rawRequest(service.port, { method: 'GET', path: `/v1/invoices/${id}/pdf`, headers: who.auth }, 90_000);
    expect(res.status).toBe(200);
    return res.body;
  }
  async function pdfHere(who: ReadyCompany, id: number): Promise<Buffer> {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(who.auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }
  const tokenOf = async (entity: typeof Invoice | typeof Note, id: number) =>
    (await t.orm.em.fork().findOneOrFail(entity as typeof Invoice, id)).verificationToken;

  /** A credit note issued by the CLI as its own process, under its own PUBLIC_BASE_URL. */
  async function noteFromCli(who: ReadyCompany, invoiceId: number): Promise<number> {
    const run = await runAdminProcess(
      t.config.databaseUrl,
      [...noteCommand('credit', who.code, invoiceId, 'Devolución', '--return', '1:1'), '--json'],
      { PUBLIC_BASE_URL: CLI },
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return (JSON.parse(run.stdout.toString('utf8')) as { id: number }).id;
  }
  /** `note pdf` in a CLI process with yet another PUBLIC_BASE_URL. */
  async function notePdfFromCli(who: ReadyCompany, id: number): Promise<Buffer> {
    const out = path.join(dir, `note-${id}.pdf`);
    const run = await runAdminProcess(t.config.databaseUrl, ['note', 'pdf', '--company', who.code, '--id', String(id), '--out', out], {
      PUBLIC_BASE_URL: PRINTING_CLI,
      PDF_TIMEOUT_MS: '90000',
    });
    expect(run.code).toBe(0);
    return fs.readFileSync(out);
  }
  const notePdfHere = (who: ReadyCompany, id: number) =>
    inContext(t.orm, async () => {
      const ref = await t.container.get(CompanyDirectory).byCode(who.code);
      return t.container.get(NotePdfService).render(ref, await t.container.get(NoteReader).get(ref, id));
    });

  it('prints an invoice with the PUBLIC_BASE_URL of the service that issued it, to the same bytes from every process', async () => {
    const issued = await issueOn(a, plain, 'base-a-1');
    expect(printedAddress(issued.pdf)).toBe(`${SERVICE_A}/verify/${await tokenOf(Invoice, issued.id)}`);

    const fromB = await pdfOn(b, plain, issued.id);
    expect(fromB.equals(issued.pdf)).toBe(true);
    expect((await pdfHere(plain, issued.id)).equals(issued.pdf)).toBe(true);
    const replay = await requestJson(b.port, 'POST', '/v1/invoices', { ...plain.auth, 'Idempotency-Key': 'base-a-1' }, CART, 90_000);
    expect(replay.body).toMatchObject({ id: issued.id, replayed: true });
    expect(Buffer.from(replay.body.pdfBase64 as string, 'base64').equals(issued.pdf)).toBe(true);
  }, 240_000);

  it('prints a note issued by the CLI with the CLI process’s PUBLIC_BASE_URL, to the same bytes from every process', async () => {
    const invoice = await issueOn(b, plain, 'base-b-1');
    expect(printedAddress(invoice.pdf)).toBe(`${SERVICE_B}/verify/${await tokenOf(Invoice, invoice.id)}`);
    const noteId = await noteFromCli(plain, invoice.id);

    const printed = await notePdfFromCli(plain, noteId);
    expect(printedAddress(printed)).toBe(`${CLI}/verify/${await tokenOf(Note, noteId)}`);
    expect((await notePdfHere(plain, noteId)).equals(printed)).toBe(true);
  }, 240_000);

  it("prints the company's verificationBaseUrl on what any process issues, fixed on each document, and /verify answers on its host", async () => {
    const invoice = await issueOn(a, own, 'base-own-1');
    const token = await tokenOf(Invoice, invoice.id);
    expect(printedAddress(invoice.pdf)).toBe(`${OWN}/verify/${token}`);
    expect((await pdfOn(b, own, invoice.id)).equals(invoice.pdf)).toBe(true);
    const noteId = await noteFromCli(own, invoice.id);
    const note = await notePdfHere(own, noteId);
    expect(printedAddress(note)).toBe(`${OWN}/verify/${await tokenOf(Note, noteId)}`);

    // The page answers whatever host name the company's address leads to the service under.
    const page = await t.http.get(`/verify/${token}`).set('Host', new URL(OWN).host).set('Accept', 'application/json');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ type: 'FACTURA', state: 'VIGENTE' });

    // A later change of the setup changes no document issued before; the next one prints the new base.
    await applySetup(t, company(ownCode, null));
    expect((await pdfOn(b, own, invoice.id)).equals(invoice.pdf)).toBe(true);
    expect((await notePdfHere(own, noteId)).equals(note)).toBe(true);
    const later = await issueOn(b, own, 'base-own-2');
    expect(printedAddress(later.pdf)).toBe(`${SERVICE_B}/verify/${await tokenOf(Invoice, later.id)}`);
  }, 240_000);
});

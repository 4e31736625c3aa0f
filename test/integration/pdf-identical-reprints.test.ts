import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '../../src/entities';
import { CompanyDirectory } from '../../src/services/company';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { NotePdfService, NoteReader } from '../../src/services/sales';
import { runAdminProcess } from '../support/admin-process';
import { clientData, inContext, issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { binaryBody, readPdf } from '../support/pdf-reader';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const ranges: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: '2099-12-31' },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 500, deadline: '2098-06-30', documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 500, deadline: '2097-03-31', documentType: 'debitNote' },
];

/** What pdfinfo reads in a file: its raw dates, and whether it had to repair anything to read it. */
function pdfInfo(pdf: Buffer): {
  title: string | undefined;
  creationDate: string | undefined;
  modDate: string | undefined;
  complaints: string;
} {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdfinfo-')), 'doc.pdf');
  fs.writeFileSync(file, pdf);
  const run = spawnSync('pdfinfo', ['-rawdates', file], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(run.status).toBe(0);
  return {
    title: /^Title:\s+(.+)$/m.exec(run.stdout)?.[1],
    creationDate: /^CreationDate:\s+(.+)$/m.exec(run.stdout)?.[1],
    modDate: /^ModDate:\s+(.+)$/m.exec(run.stdout)?.[1],
    complaints: run.stderr,
  };
}

/** A document's instant as the PDF must date it: Honduras wall clock (UTC-6), written independently of the code. */
function hondurasPdfDate(iso: string): string {
  const local = new Date(new Date(iso).getTime() - 6 * 3_600_000).toISOString();
  return `D:${local.slice(0, 4)}${local.slice(5, 7)}${local.slice(8, 10)}${local.slice(11, 13)}${local.slice(14, 16)}${local.slice(17, 19)}-06'00'`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rendering is deterministic: the same document in the same state gives the same bytes, whichever
 * process renders it and whenever, for invoices and notes, live or annulled. The PDF cache is off
 * here and renders are a second or more apart, so equal bytes cannot come from a cache or from
 * renders within one clock second. The notes' PDFs are also printed by the operator CLI, each run
 * its own process with its own LibreOffice, whose stdout carries only the command's line even
 * with carbone's debug output turned on (it goes to the structured log on stderr).
 */
describe('identical reprints of every document type', () => {
  let t: TestApp;
  let dir: string;
  const code = uniqueCode('R');
  let auth: { Authorization: string };
  /**
   * The CLI as its own process, carbone's debug output on and the log at debug. LibreOffice may
   * take long to start on a machine busy with other tests: the start limit is raised (it is the
   * larger of 30 s and PDF_TIMEOUT_MS).
   */
  const cli = (...args: string[]) =>
    runAdminProcess(t.config.databaseUrl, args, { DEBUG: 'carbone*', LOG_LEVEL: 'debug', PDF_TIMEOUT_MS: '90000' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identical-reprints-'));
    t = await createTestApp({ pdf: true, env: { PDF_CACHE_MAX_MB: '0', PDF_FACTORIES: '1', PDF_TIMEOUT_MS: '90000' } });
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [productData({ code: 'P-ARROZ', name: 'Arroz 50 lb', externalProductId: 'SKU-ARROZ', price: 100, isvRate: 15 })],
        clients: [clientData({ code: 'CLI-1', clientName: 'Ferretería El Clavo', legalId: '08019000000001' })],
        emissionPoints: [{ code: '001', caiRanges: ranges }],
      }),
    );
    ({ auth } = await issueApiKey(t.orm, t.container, code));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function sale(key: string): Promise<{ id: number; fiscalNumber: string; invoiceDate: string; pdfBase64: string }> {
    const client = await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: { code } });
    const res = await t.http
      .post('/v1/invoices')
      .set(auth)
      .set('Idempotency-Key', key)
      .send({ clientId: client.id, items: [{ externalProductId: 'SKU-ARROZ', quantity: 3 }] });
    expect(res.status).toBe(201);
    expect(res.body.pdfBase64).toEqual(expect.any(String));
    return res.body as { id: number; fiscalNumber: string; invoiceDate: string; pdfBase64: string };
  }

  async function getPdf(id: number): Promise<Buffer> {
    const res = await t.http.get(`/v1/invoices/${id}/pdf`).set(auth).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  }

  /** Every stderr line of a CLI run is a JSON log line; carbone's own lines among them. */
  function expectStructuredLogs(stderr: string): void {
    const lines = stderr.split('\n').filter((line) => line !== '');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(lines.map((line) => JSON.parse(line) as { component?: string }).some((log) => log.component === 'carbone')).toBe(true);
  }

  /** `admin note pdf` in its own process: stdout is exactly its one line. */
  async function printNote(id: number, name: string, expectedLine: (out: string, size: number) => string): Promise<Buffer> {
    const out = path.join(dir, name);
    const run = await cli('note', 'pdf', '--company', code, '--id', String(id), '--out', out);
    expect(run.code).toBe(0);
    const pdf = fs.readFileSync(out);
    expect(run.stdout.toString('utf8')).toBe(`${expectedLine(out, pdf.length)}\n`);
    expectStructuredLogs(run.stderr);
    return pdf;
  }

  /** The note's PDF rendered by this process (another instance: its own LibreOffice). */
  const renderNoteHere = (id: number) =>
    inContext(t.orm, async () => {
      const company = await t.container.get(CompanyDirectory).byCode(code);
      return t.container.get(NotePdfService).render(company, await t.container.get(NoteReader).get(company, id));
    });

  async function issueNote(command: string[]): Promise<{ id: number; number: string; date: string }> {
    const run = await runAdminProcess(t.config.databaseUrl, [...command, '--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(run.stdout.toString('utf8')) as { id: number; number: string; date: string };
  }

  it('renders an invoice to the same bytes at issue and on every later GET, dated with its issue time in Honduras', async () => {
    const invoice = await sale('identical-1');
    const atIssue = Buffer.from(invoice.pdfBase64, 'base64');
    const render = jest.spyOn(t.pdfRenderer, 'render');
    await sleep(1_100);
    const first = await getPdf(invoice.id);
    await sleep(1_100);
    const second = await getPdf(invoice.id);

    expect(render).toHaveBeenCalledTimes(2); // no cache: each GET rendered again
    render.mockRestore();
    expect(first.equals(atIssue)).toBe(true);
    expect(second.equals(atIssue)).toBe(true);
    const info = pdfInfo(atIssue);
    expect(info.creationDate).toBe(hondurasPdfDate(invoice.invoiceDate));
    expect([undefined, info.creationDate]).toContain(info.modDate);
    expect(info.complaints).toBe('');
    expect(readPdf(atIssue).text).toContain(`No. ${invoice.fiscalNumber}`);

    // Another invoice: another file identifier, derived from the content.
    const other = Buffer.from((await sale('identical-2')).pdfBase64, 'base64');
    const ids = (pdf: Buffer) => /\/ID\s*\[\s*<([0-9A-F]+)>/.exec(pdf.toString('latin1'))?.[1];
    expect(ids(other)).toEqual(expect.stringMatching(/^[0-9A-F]{32}$/));
    expect(ids(other)).not.toBe(ids(atIssue));
  }, 120_000);

  it('renders an annulled invoice to the same bytes every time, marked ANULADA', async () => {
    const invoice = await sale('identical-annulled');
    const annul = await runAdminProcess(t.config.databaseUrl, [
      'invoice',
      'annul',
      '--company',
      code,
      '--id',
      String(invoice.id),
      '--reason',
      'Error de digitación',
    ]);
    expect(annul.code).toBe(0);

    const first = await getPdf(invoice.id);
    await sleep(1_100);
    const second = await getPdf(invoice.id);

    expect(second.equals(first)).toBe(true);
    expect(first.equals(Buffer.from(invoice.pdfBase64, 'base64'))).toBe(false);
    expect(readPdf(first).text).toContain('ANULADA');
    expect(pdfInfo(first)).toMatchObject({ title: 'Factura', creationDate: hondurasPdfDate(invoice.invoiceDate), complaints: '' });
  }, 120_000);

  it('prints a credit note to the same bytes in every process, live and annulled; `note pdf` writes only its line', async () => {
    const invoice = await sale('identical-credit');
    const note = await issueNote(noteCommand('credit', code, invoice.id, 'Devolución', '--return', '1:1'));
    const line = (out: string, size: number) => `wrote ${out} (credit note ${note.id} (${note.number}), ${size} bytes)`;

    const first = await printNote(note.id, 'credit-1.pdf', line);
    const second = await printNote(note.id, 'credit-2.pdf', line);
    const here = await renderNoteHere(note.id);

    expect(second.equals(first)).toBe(true);
    expect(here.equals(first)).toBe(true);
    expect(pdfInfo(first)).toMatchObject({ title: 'Nota de crédito', creationDate: hondurasPdfDate(note.date), complaints: '' });
    expect(readPdf(first).text).toContain('NOTA DE CRÉDITO');

    const annul = await runAdminProcess(t.config.databaseUrl, [
      'note',
      'annul',
      '--company',
      code,
      '--id',
      String(note.id),
      '--reason',
      'Emitida con error',
    ]);
    expect(annul.code).toBe(0);
    const annulled = await printNote(note.id, 'credit-annulled.pdf', line);
    await sleep(1_100);
    const annulledHere = await renderNoteHere(note.id);

    expect(annulledHere.equals(annulled)).toBe(true);
    expect(annulled.equals(first)).toBe(false);
    expect(readPdf(annulled).text).toContain('ANULADA');
    expect(pdfInfo(annulled).creationDate).toBe(hondurasPdfDate(note.date));
  }, 180_000);

  it('prints a debit note to the same bytes in another process', async () => {
    const invoice = await sale('identical-debit');
    const note = await issueNote(
      noteCommand('debit', code, invoice.id, 'Flete no cobrado', '--description', 'Flete', '--amount', '40', '--rate', '15'),
    );
    const printed = await printNote(
      note.id,
      'debit.pdf',
      (out, size) => `wrote ${out} (debit note ${note.id} (${note.number}), ${size} bytes)`,
    );
    await sleep(1_100);
    const here = await renderNoteHere(note.id);

    expect(here.equals(printed)).toBe(true);
    expect(pdfInfo(printed)).toMatchObject({ title: 'Nota de débito', creationDate: hondurasPdfDate(note.date), complaints: '' });
    expect(readPdf(printed).text).toContain('NOTA DE DÉBITO');
  }, 120_000);

  it('`template check` writes only its verdict on stdout while LibreOffice renders the sample', async () => {
    const run = await cli('template', 'check', '--company', code, '--document', 'creditNote');

    expect(run.code).toBe(0);
    expect(run.stdout.toString('utf8')).toMatch(/^template OK: \S*credit-note\.odt\n$/);
    expectStructuredLogs(run.stderr);
  }, 120_000);
});

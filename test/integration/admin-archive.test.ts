import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, hondurasDate, monthOf } from '../../src/domain/calendar-date';
import { AppError } from '../../src/domain/app-error';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf, issueSale } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { binaryBody, readPdf } from '../support/pdf-reader';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin, runAdminFailure, shareLibreOfficeAcrossCommands } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';
import { readZip } from '../support/zip-reader';

const FAR = '2099-12-31';
const RANGES: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 500, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 500, deadline: FAR, documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 500, deadline: FAR, documentType: 'debitNote' },
];
const REPORTS = ['libro-de-ventas.csv', 'libro-de-ventas.xlsx', 'resumen-isv.csv', 'numeros-no-utilizados.csv'];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * `admin archive`: a month of two invoices (one annulled) and two notes (one annulled) as one ZIP.
 * Its PDFs are the bytes GET /v1/invoices/{id}/pdf and `admin note pdf` give; its reports are the
 * reports the CLI writes; its manifest's sums and sizes are the entries'; every entry is dated the
 * month's last day; a second archive of the unchanged month is the same file. Few documents:
 * each is rendered by LibreOffice, three times over. The first archive runs as a process of its
 * own, with a LibreOffice of its own; the other commands run in-process and print with the one
 * that serves GET /pdf (a process and its LibreOffice cost seconds of CPU each).
 */
describe('admin archive (the month in one ZIP)', () => {
  shareLibreOfficeAcrossCommands(() => t.pdfRenderer);
  let t: TestApp;
  let dir: string;
  let auth: { Authorization: string };
  const code = uniqueCode('Z');
  const today = hondurasDate(new Date());
  const month = today.slice(0, 7);
  const last = addDays(monthOf(today).next, -1);
  const invoices: Array<{ id: number; fiscalNumber: string }> = [];
  const notes: Array<{ id: number; number: string }> = [];
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const out = (name: string) => path.join(dir, name);

  /** Archives the month; its progress (on stderr) is checked against the number of documents. */
  async function archive(name: string, archivedMonth = month, documents = 4, asProcess = false): Promise<Buffer> {
    const file = out(name);
    const args = ['archive', '--company', code, '--month', archivedMonth, '--out', file];
    const run = asProcess ? await runAdminProcess(t.config.databaseUrl, args) : await admin(...args);
    const progress = documents === 0 ? [0] : [0, documents];
    expect({ ...run, stdout: run.stdout.toString() }).toEqual({
      code: 0,
      stdout: `wrote ${file} (${code} ${archivedMonth}, ${documents} documents)\n`,
      stderr: progress.map((n) => `archived ${n} of ${documents} documents\n`).join(''),
    });
    return readFileSync(file);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'month-archive-'));
    t = await createTestApp();
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [productData({ code: 'ARROZ', price: 100, isvRate: 15 }), productData({ code: 'CERVEZA', price: 35.5, isvRate: 18 })],
        emissionPoints: [{ code: '001', caiRanges: RANGES }],
      }),
    );
    ({ auth } = await issueApiKey(t.orm, t.container, code));
    const sale = {
      items: [
        { externalProductId: 'SKU-ARROZ', quantity: 2 },
        { externalProductId: 'SKU-CERVEZA', quantity: 1 },
      ],
    };
    invoices.push(await issueSale(t.http, auth, 'live', sale), await issueSale(t.http, auth, 'annulled', sale));
    const ok = async (...args: string[]) => {
      const run = await admin(...args);
      expect(run).toMatchObject({ code: 0 });
      return run.stdout;
    };
    await ok('invoice', 'annul', '--company', code, '--id', String(invoices[1].id), '--reason', 'error de emisión');
    for (const command of [
      noteCommand('credit', code, invoices[0].id, 'Devolución', '--return', '1:1', '--json'),
      noteCommand('debit', code, invoices[0].id, 'Flete', '--description', 'Flete', '--amount', '20', '--rate', '15', '--json'),
    ])
      notes.push(JSON.parse(await ok(...command)) as { id: number; number: string });
    await ok('note', 'annul', '--company', code, '--id', String(notes[1].id), '--reason', 'Cargo duplicado');
    // GET /pdf renders in this app's own renderer, as the service would.
    await t.pdfRenderer.start();
  }, 180_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds every document's reprint, the month's reports and a manifest of their sums, each entry dated the month's last day", async () => {
    const zip = await archive('first.zip', month, 4, true);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual([
      `facturas/${invoices[0].fiscalNumber}.pdf`,
      `facturas/${invoices[1].fiscalNumber}.pdf`,
      `notas-de-credito/${notes[0].number}.pdf`,
      `notas-de-debito/${notes[1].number}.pdf`,
      ...REPORTS,
      'manifest.json',
    ]);
    for (const entry of entries) expect(entry.date).toBe(`${last} 00:00:00`);
    const byName = new Map(entries.map((e) => [e.name, e.data]));

    for (const invoice of invoices) {
      const res = await t.http.get(`/v1/invoices/${invoice.id}/pdf`).set(auth).buffer(true).parse(binaryBody);
      expect(res.status).toBe(200);
      expect(byName.get(`facturas/${invoice.fiscalNumber}.pdf`)!.equals(res.body as Buffer)).toBe(true);
    }
    for (const note of notes) {
      const file = out(`note-${note.id}.pdf`);
      expect(await admin('note', 'pdf', '--company', code, '--id', String(note.id), '--out', file)).toMatchObject({ code: 0, stderr: '' });
      const folder = note === notes[0] ? 'notas-de-credito' : 'notas-de-debito';
      expect(byName.get(`${folder}/${note.number}.pdf`)!.equals(readFileSync(file))).toBe(true);
    }
    // Annulled ones are marked as their reprint marks them; live ones are not.
    expect(readPdf(byName.get(`facturas/${invoices[1].fiscalNumber}.pdf`)!).text).toContain('ANULADA');
    expect(readPdf(byName.get(`notas-de-debito/${notes[1].number}.pdf`)!).text).toContain('ANULADA');
    expect(readPdf(byName.get(`facturas/${invoices[0].fiscalNumber}.pdf`)!).text).not.toContain('ANULADA');

    const register = await admin('report', 'sales', '--company', code, '--from', `${month}-01`, '--to', last);
    expect(byName.get('libro-de-ventas.csv')!.toString('utf8')).toBe(register.stdout);
    expect(byName.get('resumen-isv.csv')!.toString('utf8')).toBe(
      (await admin('report', 'month', '--company', code, '--month', month)).stdout,
    );
    expect(byName.get('numeros-no-utilizados.csv')!.toString('utf8')).toBe(
      (await admin('report', 'unused', '--company', code, '--month', month)).stdout,
    );
    expect(byName.get('libro-de-ventas.xlsx')!.subarray(0, 2).toString()).toBe('PK');

    const manifest = JSON.parse(byName.get('manifest.json')!.toString('utf8')) as {
      company: string;
      month: string;
      entries: Array<{ name: string; size: number; sha256: string }>;
    };
    expect(manifest).toMatchObject({ company: code, month });
    expect(manifest.entries).toEqual(
      entries.filter((e) => e.name !== 'manifest.json').map((e) => ({ name: e.name, size: e.data.length, sha256: sha256(e.data) })),
    );
  });

  it('is the same file, byte for byte, when archived again and nothing changed', async () => {
    const again = await archive('again.zip');
    expect(sha256(again)).toBe(sha256(readFileSync(out('first.zip'))));
  });

  it('archives a month without documents as its reports and manifest alone', async () => {
    const entries = readZip(await archive('empty.zip', '2020-02', 0));
    expect(entries.map((e) => [e.name, e.date])).toEqual([...REPORTS, 'manifest.json'].map((name) => [name, '2020-02-29 00:00:00']));
  });

  it.each([
    [['--month', '2026-13', '--out', 'x.zip'], 'VALIDATION_FAILED', '--month must be a month YYYY-MM, got "2026-13"'],
    [['--month', '2026-11', '--company', 'NOPE', '--out', 'x.zip'], 'COMPANY_NOT_FOUND', 'unknown company NOPE'],
    [
      ['--month', '2026-11', '--out', '/nonexistent-dir/x.zip'],
      'FILE_NOT_ACCESSIBLE',
      'cannot write /nonexistent-dir/x.zip: no such directory',
    ],
  ])('refuses %j with %s: one line, exit 1, nothing written or changed', async (args, errorCode, message) => {
    const before = await tableChecksums(t.orm);
    const run = await runAdminFailure(t.config.databaseUrl, ['archive', '--company', code, ...args]);
    expect(run.error).toBeInstanceOf(AppError);
    expect((run.error as AppError).code).toBe(errorCode);
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: ${message}\n` });
    expect(existsSync('x.zip')).toBe(false);
    expect(await tableChecksums(t.orm)).toEqual(before);
  });
});

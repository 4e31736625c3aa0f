import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import ExcelJS from 'exceljs';
import { addDays, hondurasDate, monthOf } from '../../src/domain/calendar-date';
import { AppError } from '../../src/domain/app-error';
import { Client } from '../../src/entities';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { parseCsv } from '../support/csv';
import { clientData, issueApiKey, productData, sellingCompany, uniqueCode } from '../support/factories';
import { caiOf, issueSale } from '../support/issuing-fixtures';
import { noteCommand } from '../support/note-commands';
import { runAdmin, runAdminFailure } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const RANGES: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
];
const HEADER = ['Concepto', 'Facturas', 'Notas de crédito', 'Notas de débito', 'Neto'];
const CONCEPTS = [
  'Importe gravado 15%',
  'ISV 15%',
  'Importe gravado 18%',
  'ISV 18%',
  'Importe exento',
  'Importe exonerado',
  'Descuentos',
  'Total',
];
/** Each concept's column in the sales register. */
const REGISTER_COLUMN: Record<string, string> = {
  'Importe gravado 15%': 'Gravado 15%',
  'ISV 15%': 'ISV 15%',
  'Importe gravado 18%': 'Gravado 18%',
  'ISV 18%': 'ISV 18%',
  'Importe exento': 'Importe Exento',
  'Importe exonerado': 'Importe Exonerado',
  Descuentos: 'Descuentos',
  Total: 'Total',
};

/**
 * `admin report month`: the month's figures for the ISV return, from the rows of the sales
 * register. A month with both rates, an exempt sale, an exonerated sale, an annulled invoice, two
 * credit notes (one annulled) and a debit note: every Neto is the register's TOTAL of its column,
 * the credit notes' column is positive, Neto = Facturas - Notas de crédito + Notas de débito; CSV,
 * XLSX and JSON say the same; an empty month is zeros; a bad argument is one line and exit 1.
 */
describe('admin report month (the ISV summary of a month)', () => {
  let t: TestApp;
  let dir: string;
  const code = uniqueCode('M');
  const today = hondurasDate(new Date());
  const month = today.slice(0, 7);
  const last = addDays(monthOf(today).next, -1);
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const out = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'month-summary-'));
    await applySetup(
      t,
      sellingCompany({
        code,
        products: [
          productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
          productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
          productData({ code: 'LECHE', price: 28, exempt: true }),
        ],
        discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
        clients: [
          clientData({
            code: 'CLI-ONG',
            clientName: 'Fundación Ejemplo',
            exoneration: { certificate: 'EXO-2026-0001', sagRegistry: 'SAG-7781', validUntil: FAR },
          }),
        ],
        emissionPoints: [{ code: '001', caiRanges: RANGES }],
      }),
    );
    const { auth } = await issueApiKey(t.orm, t.container, code);
    const ong = (await t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-ONG', company: { code } })).id;
    const both = await issueSale(t.http, auth, 'both', {
      items: [
        { externalProductId: 'SKU-ARROZ', quantity: 2 },
        { externalProductId: 'SKU-CERVEZA', quantity: 3 },
      ],
    });
    const exempt = await issueSale(t.http, auth, 'exempt', { items: [{ externalProductId: 'SKU-LECHE', quantity: 4 }] });
    await issueSale(t.http, auth, 'exonerated', {
      clientId: ong,
      exemptPurchaseOrderNumber: 'OCE-2026-0042',
      items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }],
    });
    const annulled = await issueSale(t.http, auth, 'annulled', { items: [{ externalProductId: 'SKU-ARROZ', quantity: 5 }] });
    const ok = async (...args: string[]) => expect(await admin(...args)).toMatchObject({ code: 0 });
    await ok('invoice', 'annul', '--company', code, '--id', String(annulled.id), '--reason', 'error de emisión');
    await ok(...noteCommand('credit', code, both.id, 'Devolución', '--return', '1:1'));
    await ok(...noteCommand('credit', code, both.id, 'Descuento', '--discount', '10', '--rate', '18'));
    await ok(...noteCommand('debit', code, exempt.id, 'Flete', '--description', 'Flete', '--amount', '20', '--rate', 'exempt'));
    const notes = JSON.parse((await admin('note', 'list', '--company', code, '--json')).stdout) as Array<{ id: number; number: string }>;
    const discount = notes.find((n) => n.number === '000-001-06-00000002')!;
    await ok('note', 'annul', '--company', code, '--id', String(discount.id), '--reason', 'Tasa equivocada');
  }, 180_000);
  afterAll(() => t.close());

  async function register(): Promise<Record<string, string>> {
    const run = await admin('report', 'sales', '--company', code, '--from', `${month}-01`, '--to', last);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const rows = parseCsv(run.stdout.replace(/^\uFEFF/, ''));
    const total = rows[rows.length - 1];
    expect(total[0]).toBe('TOTAL');
    return Object.fromEntries(rows[0].map((header, i) => [header, total[i]]));
  }

  async function summaryCsv(...extra: string[]): Promise<string[][]> {
    const run = await admin('report', 'month', '--company', code, '--month', month, ...extra);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.startsWith('\uFEFF')).toBe(true);
    return parseCsv(run.stdout.replace(/^\uFEFF/, ''));
  }

  it("nets every concept to the register's TOTAL of its column, credit notes positive, with the documents issued and annulled", async () => {
    const totals = await register();
    const rows = await summaryCsv();
    expect(rows[0]).toEqual(HEADER);
    expect(rows.slice(1, 9).map((r) => r[0])).toEqual(CONCEPTS);
    for (const [concept, invoices, credit, debit, net] of rows.slice(1, 9)) {
      expect(net).toBe(totals[REGISTER_COLUMN[concept]]);
      expect(net).toBe(new Big(invoices).minus(credit).plus(debit).toFixed(2));
    }
    const byConcept = Object.fromEntries(rows.slice(1, 9).map((r) => [r[0], r.slice(1)]));
    // At 15 %: the first sale (the exonerated one is Importe exonerado, the annulled one counts 0); the credit note returns 100.00.
    expect(byConcept['Importe gravado 15%']).toEqual(['200.00', '100.00', '0.00', '100.00']);
    expect(byConcept['ISV 15%']).toEqual(['30.00', '15.00', '0.00', '15.00']);
    // The annulled credit note at 18 % counts 0.
    expect(byConcept['Importe gravado 18%']).toEqual(['95.85', '0.00', '0.00', '95.85']);
    expect(byConcept['Importe exento']).toEqual(['112.00', '0.00', '20.00', '132.00']);
    expect(new Big(byConcept['Importe exonerado'][0]).gt(0)).toBe(true);
    expect(byConcept.Total[1]).toBe('115.00');
    expect(rows.slice(9)).toEqual([
      ['Documentos emitidos', '4', '2', '1', ''],
      ['Documentos anulados', '1', '1', '0', ''],
    ]);
  });

  it('gives the same figures as JSON, exactly {company, month, rows, counts}, and as XLSX', async () => {
    const csv = await summaryCsv();
    const run = await admin('report', 'month', '--company', code, '--month', month, '--format', 'JSON');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const json = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['company', 'month', 'rows', 'counts']);
    expect(json).toEqual({
      company: code,
      month,
      rows: csv
        .slice(1, 9)
        .map(([concept, invoices, creditNotes, debitNotes, net]) => ({ concept, invoices, creditNotes, debitNotes, net })),
      counts: { invoices: 4, creditNotes: 2, debitNotes: 1, annulled: 2 },
    });

    const file = out('month.xlsx');
    expect(await admin('report', 'month', '--company', code, '--month', month, '--format', 'xlsx', '--out', file)).toMatchObject({
      code: 0,
      stdout: '',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(csv.length);
    csv.forEach((row, r) =>
      row.forEach((cell, c) => {
        const value = sheet.getCell(r + 1, c + 1).value;
        if (r > 0 && c > 0 && cell !== '') expect(typeof value).toBe('number');
        expect(value === null ? '' : r > 0 && c > 0 && r < 9 ? (value as number).toFixed(2) : String(value)).toBe(cell);
      }),
    );
    expect(sheet.getCell(9, 1).font?.bold).toBe(true);
  });

  it('is all zeros for a month without documents, the two standard rates listed', async () => {
    const run = await admin('report', 'month', '--company', code, '--month', '2020-01', '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      company: code,
      month: '2020-01',
      rows: CONCEPTS.map((concept) => ({ concept, invoices: '0.00', creditNotes: '0.00', debitNotes: '0.00', net: '0.00' })),
      counts: { invoices: 0, creditNotes: 0, debitNotes: 0, annulled: 0 },
    });
    const csv = await admin('report', 'month', '--company', code, '--month', '2020-01');
    expect(parseCsv(csv.stdout.replace(/^\uFEFF/, '')).slice(1, 9)).toEqual(CONCEPTS.map((c) => [c, '0.00', '0.00', '0.00', '0.00']));
  });

  it.each([
    [['--month', '2026-13'], 'VALIDATION_FAILED', '--month must be a month YYYY-MM, got "2026-13"'],
    [['--month', '11/2026'], 'VALIDATION_FAILED', '--month must be a month YYYY-MM, got "11/2026"'],
    [['--month', '2026-11', '--format', 'pdf'], 'VALIDATION_FAILED', '--format must be one of csv, xlsx, json, got "pdf"'],
    [['--month', '2026-11', '--company', 'NOPE'], 'COMPANY_NOT_FOUND', 'unknown company NOPE'],
    [
      ['--month', '2026-11', '--out', '/nonexistent-dir/m.csv'],
      'FILE_NOT_ACCESSIBLE',
      'cannot write /nonexistent-dir/m.csv: no such directory',
    ],
  ])('refuses %j with %s: one line, exit 1, nothing written or changed', async (args, errorCode, message) => {
    const before = await tableChecksums(t.orm);
    const file = out(`${uniqueCode('bad')}.csv`);
    const withOut = args.includes('--out') ? [] : ['--out', file];
    const run = await runAdminFailure(t.config.databaseUrl, ['report', 'month', '--company', code, ...args, ...withOut]);
    expect(run.error).toBeInstanceOf(AppError);
    expect((run.error as AppError).code).toBe(errorCode);
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: `error: ${message}\n` });
    expect(existsSync(file)).toBe(false);
    expect(await tableChecksums(t.orm)).toEqual(before);
  });

  it('writes the CSV to --out whole', async () => {
    const file = out('month.csv');
    expect(await admin('report', 'month', '--company', code, '--month', month, '--out', file)).toMatchObject({ code: 0, stdout: '' });
    expect(parseCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''))).toEqual(await summaryCsv());
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import ExcelJS from 'exceljs';
import { hondurasDate } from '../../src/domain/calendar-date';
import type { CaiRangeSpec } from '../../src/services/company/setup/setup-document';
import { parseCsv } from '../support/csv';
import { issueApiKey, uniqueCode } from '../support/factories';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { runAdmin } from '../support/run-admin';
import { applySetup } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const FAR = '2099-12-31';
const RANGES: CaiRangeSpec[] = [
  { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
  { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
  { cai: caiOf('c'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
];

/**
 * The sales register of a month with invoices, credit notes, a debit note and an annulled note:
 * notes after the invoices of their emission point (by type, then number), credit notes negative,
 * debit notes positive, the annulled note ANULADA with 0, and a TOTAL that nets them, in CSV and
 * in XLSX alike. CART totals 343.10 (200.00 + 30.00 at 15 %, 95.85 + 17.25 at 18 %).
 */
describe('the sales register with credit and debit notes', () => {
  let t: TestApp;
  let dir: string;
  const code = uniqueCode('R');
  const today = hondurasDate(new Date());
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);

  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'notes-register-'));
    await applySetup(t, setupWithRanges(RANGES, code));
    const { auth } = await issueApiKey(t.orm, t.container, code);
    const ids: number[] = [];
    for (const key of ['s-1', 's-2']) {
      const res = await t.http.post('/v1/invoices').set(auth).set('Idempotency-Key', key).send(CART);
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
    }
    const note = async (...args: string[]) => expect((await admin('note', ...args)).code).toBe(0);
    await note('credit', '--company', code, '--invoice-id', String(ids[0]), '--reason', 'Devolución', '--return', '1:1'); // -115.00
    await note('credit', '--company', code, '--invoice-id', String(ids[1]), '--reason', 'Descuento', '--discount', '10', '--rate', '18'); // -11.80, annulled below
    await note(
      'debit',
      '--company',
      code,
      '--invoice-id',
      String(ids[1]),
      '--reason',
      'Flete',
      '--description',
      'Flete',
      '--amount',
      '20',
      '--rate',
      'exempt',
    ); // +20.00
    const list = JSON.parse((await admin('note', 'list', '--company', code, '--json')).stdout) as Array<{ id: number; total: number }>;
    expect((await admin('note', 'annul', '--company', code, '--id', String(list[1].id), '--reason', 'Tasa equivocada')).code).toBe(0);
  }, 120_000);
  afterAll(() => t.close());

  it('lists notes after the invoices, signed, with Tipo and Documento Modificado, and a netted TOTAL; the XLSX says the same', async () => {
    const csvFile = path.join(dir, 'r.csv');
    expect(await admin('report', 'sales', '--company', code, '--from', today, '--to', today, '--out', csvFile)).toMatchObject({
      code: 0,
      stderr: '',
    });
    const rows = parseCsv(readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''));
    expect(rows[0].slice(-4)).toEqual(['Estado', 'Tipo', 'Documento Modificado', 'Fecha Anulación']);
    const body = rows.slice(1, -1);
    // Fecha Anulación: the annulled note's annulment day (today), empty for every live document.
    const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    expect(body.map((r) => r[19])).toEqual(['', '', '', dmy, '']);
    // Numero, Importe Exento, Gravado 15%, ISV 15%, Gravado 18%, ISV 18%, Descuentos, Total, Estado, Tipo, Documento Modificado
    expect(body.map((r) => [r[1], ...r.slice(9, 19)])).toEqual([
      ['000-001-01-00000001', '0.00', '200.00', '30.00', '95.85', '17.25', '10.65', '343.10', 'VIGENTE', 'FACTURA', ''],
      ['000-001-01-00000002', '0.00', '200.00', '30.00', '95.85', '17.25', '10.65', '343.10', 'VIGENTE', 'FACTURA', ''],
      [
        '000-001-06-00000001',
        '0.00',
        '-100.00',
        '-15.00',
        '0.00',
        '0.00',
        '0.00',
        '-115.00',
        'VIGENTE',
        'NOTA DE CRÉDITO',
        '000-001-01-00000001',
      ],
      ['000-001-06-00000002', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', 'ANULADA', 'NOTA DE CRÉDITO', '000-001-01-00000002'],
      ['000-001-07-00000001', '20.00', '0.00', '0.00', '0.00', '0.00', '0.00', '20.00', 'VIGENTE', 'NOTA DE DÉBITO', '000-001-01-00000002'],
    ]);
    const total = rows[rows.length - 1];
    expect(total[0]).toBe('TOTAL');
    expect(total[15]).toBe(new Big('343.10').times(2).minus('115').plus('20').toFixed(2));
    for (let col = 8; col <= 15; col++) expect(total[col]).toBe(body.reduce((acc, r) => acc.plus(r[col]), new Big(0)).toFixed(2));

    const xlsxFile = path.join(dir, 'r.xlsx');
    expect(
      (await admin('report', 'sales', '--company', code, '--from', today, '--to', today, '--format', 'xlsx', '--out', xlsxFile)).code,
    ).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxFile);
    const sheet = workbook.worksheets[0];
    rows.forEach((csvRow, r) =>
      csvRow.forEach((cell, c) => {
        const value = sheet.getCell(r + 1, c + 1).value;
        if (r > 0 && c >= 8 && c <= 15) expect((value as number).toFixed(2)).toBe(cell);
        else expect(value === null ? '' : String(value)).toBe(cell);
      }),
    );
  });
});

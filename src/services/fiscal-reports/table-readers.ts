import type ExcelJS from 'exceljs';
import { AppError } from '../../domain/app-error';
import { excelJs } from './exceljs-module';
import type { ReportFormat } from './report-table';
import { restoredText } from './spreadsheet-cells';

/** The format of an uploaded table: XLSX is a zip (it starts `PK`), anything else is read as CSV. */
export function tableFormatOf(bytes: Buffer): ReportFormat {
  return bytes.subarray(0, 2).toString('latin1') === 'PK' ? 'xlsx' : 'csv';
}

/**
 * The rows of cells of an uploaded table, as the writers of this folder write them: the first
 * sheet of an XLSX file, or a CSV (RFC 4180, UTF-8 with or without BOM). Every cell is a string;
 * a number cell is its number as JavaScript prints it, a formula cell its last result.
 * @throws AppError VALIDATION_FAILED for a file that is not a readable table.
 */
export async function readTable(bytes: Buffer): Promise<string[][]> {
  return tableFormatOf(bytes) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes.toString('utf8'));
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const { Workbook } = await excelJs();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new AppError(
      'VALIDATION_FAILED',
      `the file is not a readable XLSX workbook: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION_FAILED', 'the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(cellText(row.getCell(i).value));
    rows[number - 1] = cells;
  });
  return Array.from(rows, (row) => row ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('result' in value) return cellText(value.result);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; lines end in CRLF or LF. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(restoredText(field));
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      row.push(restoredText(field));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(restoredText(field));
    rows.push(row);
  }
  return rows;
}

import { once } from 'node:events';
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs-module';
import type { ReportTable, TableFileOptions } from './report-table';
import { xlsxCellValue } from './spreadsheet-cells';

const AMOUNT_FORMAT = '#,##0.00';
const COUNT_FORMAT = '0';

type EntryStream = NodeJS.WritableStream & { _writableState?: { needDrain?: boolean } };

/**
 * exceljs 4.4 copies the sheet into its zip entry without heeding back-pressure, so a fast
 * producer piles the whole sheet up in the entry's buffer (about 60 MB for 100,000 rows). Waiting
 * for that buffer to drain keeps memory flat. It reaches into exceljs internals (the version is
 * pinned); should they change, the wait is skipped and the file is still complete.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: EntryStream[] } }).stream?.pipes?.[0];
  if (entry?._writableState?.needDrain) await once(entry, 'drain');
}

interface ZipEntryData {
  date?: Date;
}
type ModuleAppend = (source: unknown, data: ZipEntryData, callback: unknown) => void;

/**
 * exceljs dates the workbook's properties and every part of its zip "now" (archiver's default),
 * so two files of the same table differ. The properties take a date as an option; the parts'
 * dates are set where archiver hands each entry to its zip module, which happens once its queue
 * runs, after the constructor (whose first parts are already queued) returns. It reaches into
 * archiver's internals (the version exceljs pins); should they change, it throws rather than
 * write a file that is not what was asked for.
 */
function pinPartDates(workbook: ExcelJS.stream.xlsx.WorkbookWriter, date: Date): void {
  const zip = (workbook as unknown as { zip?: { _moduleAppend?: ModuleAppend } }).zip;
  const append = zip?._moduleAppend;
  if (zip === undefined || append === undefined) throw new Error('exceljs/archiver internals changed: the XLSX parts cannot be dated');
  zip._moduleAppend = function (this: unknown, source, data, callback) {
    append.call(this, source, { ...data, date }, callback);
  };
}

/**
 * The table as one XLSX sheet: string cells for text, numeric cells for amounts and counts
 * (`xlsxCellValue`), a bold header row frozen in place. exceljs' streaming writer commits each
 * row as it goes, so a month of invoices is never held in memory at once.
 */
export async function writeXlsxTable(table: ReportTable, out: NodeJS.WritableStream, options: TableFileOptions = {}): Promise<void> {
  const { stream } = await excelJs();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out as unknown as import('stream').Stream,
    useStyles: true,
    useSharedStrings: false,
    ...(options.date === undefined ? {} : { created: options.date, modified: options.date }),
  });
  if (options.date !== undefined) pinPartDates(workbook, options.date);
  const sheet = workbook.addWorksheet(table.title, {
    views: [{ state: 'frozen', ySplit: 1 }],
    // Printed (or exported to PDF) landscape, as wide as the page: a register is read across.
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    width: Math.max(c.width ?? 0, 12, c.header.length + 2),
    style: c.kind === 'amount' ? { numFmt: AMOUNT_FORMAT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of table.rows) {
    const added = sheet.addRow(row.map((value, i) => xlsxCellValue(table.columns[i], value)));
    if (table.isTotal?.(row)) added.font = { bold: true };
    if (table.isCount?.(row)) added.numFmt = COUNT_FORMAT;
    added.commit();
    if (++count % 200 === 0) await zipCaughtUp(sheet);
  }
  sheet.commit();
  await workbook.commit();
}

import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ReportTable } from './report-table';
import { xlsxCellValue } from './spreadsheet-cells';

const AMOUNT_FORMAT = '#,##0.00';

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

/**
 * The table as one XLSX sheet: string cells for text, numeric cells for amounts and counts
 * (`xlsxCellValue`), a bold header row frozen in place. exceljs' streaming writer commits each
 * row as it goes, so a month of invoices is never held in memory at once.
 */
export async function writeXlsxTable(table: ReportTable, out: NodeJS.WritableStream): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as unknown as import('stream').Stream,
    useStyles: true,
    useSharedStrings: false,
  });
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
    added.commit();
    if (++count % 200 === 0) await zipCaughtUp(sheet);
  }
  sheet.commit();
  await workbook.commit();
}

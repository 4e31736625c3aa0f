import { once } from 'node:events';
import type { ReportTable } from './report-table';
import { csvCellText, neutralizedText } from './spreadsheet-cells';

/** UTF-8 byte order mark: Excel opens a CSV with it as UTF-8 (accents, Ñ) instead of guessing. */
const BOM = '\uFEFF';

/** RFC 4180: a field holding a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * The table as CSV (BOM, comma-separated, CRLF), honouring back-pressure so memory stays flat.
 * Each cell is written as its column's kind says (`csvCellText`: text that would start a formula
 * is neutralized, numbers stay numbers).
 */
export async function writeCsvTable(table: ReportTable, out: NodeJS.WritableStream): Promise<void> {
  const { columns } = table;
  let pending = BOM + csvLine(columns.map((c) => neutralizedText(c.header)));
  for await (const row of table.rows) {
    pending += csvLine(row.map((value, i) => csvCellText(columns[i], value)));
    // Batched into ~64 kB writes: one write per row would cost more than the rows themselves.
    if (pending.length >= 65_536) {
      if (!out.write(pending)) await once(out, 'drain');
      pending = '';
    }
  }
  out.write(pending);
  out.end();
  await once(out, 'finish');
}

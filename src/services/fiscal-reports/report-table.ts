import { AppError } from '../../domain/app-error';

/**
 * A report as rows of cells, written the same way to CSV and to XLSX. Cells are strings: amounts
 * as exact decimal strings with 2 decimals, counts as digits, so no float ever carries a value
 * until the XLSX writer has to store a number.
 */
export type ColumnKind = 'text' | 'amount' | 'count';

export interface ReportColumn {
  header: string;
  /**
   * What every cell of the column is, and so how each format writes it (`spreadsheet-cells.ts`):
   * a value is never typed by what it looks like, so an RTN stays text and -15.00 a number.
   */
  kind: ColumnKind;
  /** XLSX column width in characters, for values longer than the header (a CAI, a name). */
  width?: number;
}

export interface ReportTable {
  /** Sheet name in XLSX. */
  title: string;
  columns: ReportColumn[];
  rows: AsyncIterable<string[]>;
  /** Rows shown in bold in XLSX (a TOTAL row). */
  isTotal?: (row: readonly string[]) => boolean;
}

export type ReportFormat = 'csv' | 'xlsx';

export const REPORT_FORMATS: readonly ReportFormat[] = ['csv', 'xlsx'];

/** csv or xlsx, in any case (XLSX is how the format is usually written). */
export function parseFormat(value: string, option = '--format'): ReportFormat {
  const format = value.toLowerCase();
  if (!(REPORT_FORMATS as readonly string[]).includes(format))
    throw new AppError('VALIDATION_FAILED', `${option} must be one of ${REPORT_FORMATS.join(', ')}, got "${value}"`);
  return format as ReportFormat;
}

/** Writes a table to a byte stream; resolves once everything is written and the stream ended. */
export type TableWriter = (table: ReportTable, out: NodeJS.WritableStream) => Promise<void>;

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
  /** Rows of counts below amounts (a summary's document counts): shown without decimals in XLSX. */
  isCount?: (row: readonly string[]) => boolean;
}

export type ReportFormat = 'csv' | 'xlsx';

export const REPORT_FORMATS: readonly ReportFormat[] = ['csv', 'xlsx'];

/** csv or xlsx (or one of `formats`, for a report that has more), in any case (XLSX is how the format is usually written). */
export function parseFormat<F extends string = ReportFormat>(
  value: string,
  option = '--format',
  formats: readonly F[] = REPORT_FORMATS as readonly string[] as readonly F[],
): F {
  const format = value.toLowerCase();
  if (!(formats as readonly string[]).includes(format))
    throw new AppError('VALIDATION_FAILED', `${option} must be one of ${formats.join(', ')}, got "${value}"`);
  return format as F;
}

/** How a table's file is written, beyond its cells. */
export interface TableFileOptions {
  /**
   * The date the file says it was written (an XLSX records one, in its properties and on each of
   * its parts): given, equal tables give equal bytes; absent, now.
   */
  date?: Date;
}

/** Writes a table to a byte stream; resolves once everything is written and the stream ended. */
export type TableWriter = (table: ReportTable, out: NodeJS.WritableStream, options?: TableFileOptions) => Promise<void>;

import { PassThrough } from 'node:stream';
import { writeCsvTable } from './csv-table-writer';
import type { ReportFormat, ReportTable, TableFileOptions, TableWriter } from './report-table';
import { writeXlsxTable } from './xlsx-table-writer';

/** The writer of each report format. */
export const REPORT_WRITERS: Readonly<Record<ReportFormat, TableWriter>> = { csv: writeCsvTable, xlsx: writeXlsxTable };

/** What each format is served as. */
export const REPORT_MEDIA_TYPES: Readonly<Record<ReportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A report written whole into memory, for an answer that must be complete before it is sent (a
 * download that fails halfway would leave the accountant a truncated register).
 */
export async function reportBytes(table: ReportTable, format: ReportFormat, options?: TableFileOptions): Promise<Buffer> {
  const through = new PassThrough();
  const chunks: Buffer[] = [];
  through.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    through.on('end', resolve);
    through.on('error', reject);
  });
  await REPORT_WRITERS[format](table, through, options);
  await ended;
  return Buffer.concat(chunks);
}

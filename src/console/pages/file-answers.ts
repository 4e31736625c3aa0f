import type { Readable } from 'node:stream';
import { type ReportFormat, REPORT_MEDIA_TYPES } from '../../services/fiscal-reports';
import type { ConsoleContext } from '../console-state';

/** How the console answers with a file instead of a page: every download and shown PDF goes through here. */
function sendFile(
  ctx: ConsoleContext,
  disposition: 'inline' | 'attachment',
  fileName: string,
  type: string,
  body: Buffer | Readable,
): void {
  ctx.status = 200;
  ctx.type = type;
  ctx.set('Content-Disposition', `${disposition}; filename="${fileName}"`);
  ctx.body = body;
}

/** A document's PDF, shown by the browser (inline) under a file name that says which document it is. */
export function sendPdf(ctx: ConsoleContext, fileName: string, pdf: Buffer): void {
  sendFile(ctx, 'inline', fileName, 'application/pdf', pdf);
}

/** A file to save (`fileName` with its extension), of the given media type; a stream is sent as it is written. */
export function sendAttachment(ctx: ConsoleContext, fileName: string, type: string, body: Buffer | Readable): void {
  sendFile(ctx, 'attachment', fileName, type, body);
}

/** A report or list as a CSV or XLSX file to save, named `fileName.csv` or `fileName.xlsx`. */
export function sendReport(ctx: ConsoleContext, fileName: string, format: ReportFormat, bytes: Buffer): void {
  sendAttachment(ctx, `${fileName}.${format}`, REPORT_MEDIA_TYPES[format], bytes);
}

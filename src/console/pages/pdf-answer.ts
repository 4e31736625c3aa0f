import type { ConsoleContext } from '../console-state';

/** A document's PDF, shown by the browser (inline) under a file name that says which document it is. */
export function sendPdf(ctx: ConsoleContext, fileName: string, pdf: Buffer): void {
  ctx.status = 200;
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `inline; filename="${fileName}"`);
  ctx.body = pdf;
}

import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { AppError } from '../domain/app-error';
import { buildInvoiceTemplateData, InvoiceTemplateInput } from '../pdf/invoice-template-data';
import { PdfRenderError, PdfRenderer } from '../pdf/pdf-renderer';
import { resolveTemplate } from '../pdf/template-resolver';
import { TOKENS } from '../tokens';

/**
 * Renders an invoice document with the company's letterhead (or the default template). Two
 * entry points because callers differ in what a failure means: POST answers with pdfBase64 null
 * (the invoice stands), GET /pdf answers a retryable 503.
 */
@injectable()
export class InvoicePdfService {
  constructor(
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** The PDF, or throws PDF_RENDER_FAILED (503, retryable). */
  async render(companyCode: string, input: InvoiceTemplateInput): Promise<Buffer> {
    try {
      const template = resolveTemplate(this.config.templatesDir, companyCode);
      return await this.renderer.render(template, buildInvoiceTemplateData(input));
    } catch (err) {
      const reason = err instanceof PdfRenderError ? err.reason : 'failed';
      this.logger.warn({ err, reason, companyCode }, 'PDF rendering failed');
      throw new AppError('PDF_RENDER_FAILED', `The PDF could not be generated right now (${reason}); retry later.`);
    }
  }

  /** The PDF, or null when it cannot be produced; the failure is logged by render(). */
  async renderOrNull(companyCode: string, input: InvoiceTemplateInput): Promise<Buffer | null> {
    try {
      return await this.render(companyCode, input);
    } catch {
      return null;
    }
  }
}

import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { AppError } from '../domain/app-error';
import { prepareTemplate, readCompanyLogo } from '../pdf/company-template';
import { buildInvoiceTemplateData, InvoiceTemplateInput } from '../pdf/invoice-template-data';
import { PdfRenderError, type PdfRenderFailure } from '../pdf/pdf-render-error';
import type { PdfRenderer } from '../pdf/pdf-renderer';
import { resolveTemplate } from '../pdf/template-resolver';
import { TOKENS } from '../tokens';

/** Seconds a caller should wait before asking again: LibreOffice missing will not be back soon. */
const RETRY_AFTER_SECONDS: Record<PdfRenderFailure, number> = { unavailable: 60, busy: 2, timeout: 5, crashed: 5, failed: 30 };

/**
 * Renders an invoice document with the company's letterhead (or the default template) and logo,
 * both read afresh for every render. Two entry points because callers differ in what a failure
 * means: POST answers with pdfBase64 null (the invoice stands), GET /pdf answers a retryable 503.
 */
@injectable()
export class InvoicePdfService {
  constructor(
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Whether LibreOffice is there to render (GET /v1/health reports it). */
  isAvailable(): boolean {
    return this.renderer.isAvailable();
  }

  /** The PDF, or throws PDF_RENDER_FAILED (503 with Retry-After). */
  async render(companyCode: string, input: InvoiceTemplateInput): Promise<Buffer> {
    const { templatesDir } = this.config;
    try {
      const logo = await readCompanyLogo(templatesDir, companyCode);
      if (logo.problem !== undefined) this.logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
      const template = await prepareTemplate(resolveTemplate(templatesDir, companyCode), logo);
      return await this.renderer.render(template, buildInvoiceTemplateData(input));
    } catch (err) {
      // A renderer failure is expected now and then (LibreOffice busy, restarting, absent); anything
      // else is a bug in building the document, logged as such though the caller still gets a 503.
      const reason = err instanceof PdfRenderError ? err.reason : 'failed';
      if (err instanceof PdfRenderError) this.logger.warn({ err, reason, companyCode }, 'PDF rendering failed');
      else this.logger.error({ err, companyCode }, 'PDF rendering failed unexpectedly');
      throw new AppError('PDF_RENDER_FAILED', `The PDF could not be generated right now (${reason}); the invoice is stored, retry later.`, {
        retryAfterSeconds: RETRY_AFTER_SECONDS[reason],
      });
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

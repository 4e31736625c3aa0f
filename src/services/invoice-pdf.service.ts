import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import { AppError } from '../domain/app-error';
import { prepareTemplateFiles, readTemplateFiles } from '../pdf/company-template';
import { buildInvoiceTemplateData, InvoiceTemplateInput } from '../pdf/invoice-template-data';
import type { OdtPackage } from '../pdf/odt-package';
import { PdfRenderError, type PdfRenderFailure } from '../pdf/pdf-render-error';
import { renderKey, templateIdentity } from '../pdf/pdf-render-key';
import type { PdfRenderer } from '../pdf/pdf-renderer';
import { TOKENS } from '../tokens';
import { RenderedPdfCache } from './rendered-pdf-cache';

/** Seconds a caller should wait before asking again: LibreOffice missing will not be back soon. */
const RETRY_AFTER_SECONDS: Record<PdfRenderFailure, number> = { unavailable: 60, busy: 2, timeout: 5, crashed: 5, failed: 30 };

/** Unzipped templates kept by content: a few companies' letterheads, each a few hundred kB. */
const PREPARED_TEMPLATES = 16;

/**
 * Renders an invoice document with the company's letterhead (or the default template) and logo,
 * both read afresh for every render, so an edited file is used at once. An issued invoice's PDF
 * is served from the cache when its render key (data and template bytes) was rendered before.
 * Two entry points because callers differ in what a failure means: POST answers with pdfBase64
 * null (the invoice stands), GET /pdf answers a retryable 503.
 */
@injectable()
export class InvoicePdfService {
  /** Unzipping and putting the logo in cost a few ms a render; keyed by the bytes, never stale. */
  private readonly prepared = new LRUCache<string, OdtPackage>({ max: PREPARED_TEMPLATES });

  constructor(
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(RenderedPdfCache) private readonly cache: RenderedPdfCache,
  ) {}

  /** Whether LibreOffice is there to render (GET /v1/health reports it). */
  isAvailable(): boolean {
    return this.renderer.isAvailable();
  }

  /** The PDF, or throws PDF_RENDER_FAILED (503 with Retry-After). */
  async render(companyCode: string, input: InvoiceTemplateInput): Promise<Buffer> {
    try {
      const files = await readTemplateFiles(this.config.templatesDir, companyCode);
      if (files.logo.problem !== undefined) this.logger.warn({ companyCode, problem: files.logo.problem }, 'company logo ignored');
      const template = templateIdentity(files.bytes, files.logo.data);
      const data = buildInvoiceTemplateData(input);
      const render = async () => {
        const pkg = this.prepared.get(template) ?? (await prepareTemplateFiles(files));
        this.prepared.set(template, pkg);
        return this.renderer.render(pkg, data);
      };
      // A preview is never stored, so it is never served again.
      return input.kind === 'invoice' ? await this.cache.getOrRender(renderKey({ data, template }), render) : await render();
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

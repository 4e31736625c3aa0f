import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config';
import { AppError } from '../../domain/app-error';
import { prepareTemplate, readCompanyLogo } from '../../pdf/company-template';
import { buildTemplateData, PrintedInvoice } from '../../pdf/template-data';
import { PdfRenderError, type PdfRenderFailure } from '../../pdf/pdf-render-error';
import { renderKey } from '../../pdf/pdf-render-key';
import type { PdfRenderer } from '../../pdf/pdf-renderer';
import { resolveTemplate } from '../../pdf/template-resolver';
import { TOKENS } from '../../tokens';
import { issuedRenderInputs, type IssuedRenderInputs } from './printed-invoice';
import type { InvoiceView } from './invoice-view';
import { RenderedPdfCache } from '../rendered-pdf-cache';
import { TemplateVersionStore } from '../template-versions.service';

/** Seconds a caller should wait before asking again: LibreOffice missing will not be back soon. */
const RETRY_AFTER_SECONDS: Record<PdfRenderFailure, number> = { unavailable: 60, busy: 2, timeout: 5, crashed: 5, failed: 30 };

/**
 * Renders invoice documents. A preview uses the company's letterhead (or the default template)
 * and logo as the files say now, and is never cached. An issued invoice always uses the template
 * and logo versions fixed on it at issue, so every copy is the original document (only ANULADA
 * may be added); its PDF is a pure function of its stored rows and those versions, so it is
 * served from the cache when that key was rendered before (no file is read or hashed for it).
 * Failures: POST answers with pdfBase64 null (the invoice stands), GET /pdf a retryable 503.
 */
@injectable()
export class InvoicePdfService {
  constructor(
    @inject(TOKENS.PdfRenderer) private readonly renderer: PdfRenderer,
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(TemplateVersionStore) private readonly versions: TemplateVersionStore,
    @inject(RenderedPdfCache) private readonly cache: RenderedPdfCache,
  ) {}

  /** Whether LibreOffice is there to render (GET /v1/health reports it). */
  isAvailable(): boolean {
    return this.renderer.isAvailable();
  }

  /** A preview's PDF from the files on disk, or null when it cannot be produced (logged). */
  async renderPreviewOrNull(companyCode: string, input: PrintedInvoice): Promise<Buffer | null> {
    const { templatesDir } = this.config;
    return this.orNull(() =>
      this.rendering(companyCode, async () => {
        const logo = await readCompanyLogo(templatesDir, companyCode);
        if (logo.problem !== undefined) this.logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
        const template = await prepareTemplate(resolveTemplate(templatesDir, companyCode), logo);
        return this.renderer.render(template, buildTemplateData(input));
      }),
    );
  }

  /**
   * What an issued invoice's PDF is rendered from; for an invoice without fixed versions (issued
   * while its template was unreadable, or by an older service) the current ones are fixed first.
   */
  async renderInputs(companyCode: string, invoice: InvoiceView): Promise<IssuedRenderInputs> {
    const versions = invoice.versions ?? (await this.versions.fixOn(companyCode, invoice.id));
    return issuedRenderInputs({ ...invoice, versions });
  }

  /** An issued invoice's PDF from its stored versions, or throws PDF_RENDER_FAILED (503 with Retry-After). */
  renderIssued(companyCode: string, invoice: InvoiceView): Promise<Buffer> {
    return this.rendering(companyCode, async () => {
      const { printed, versions } = await this.renderInputs(companyCode, invoice);
      const data = buildTemplateData(printed);
      return this.cache.getOrRender(renderKey({ data, template: versions.identity }), async () =>
        this.renderer.render(await this.versions.preparedTemplate(versions), data),
      );
    });
  }

  /** The same, or null when it cannot be produced; the failure is logged. */
  renderIssuedOrNull(companyCode: string, invoice: InvoiceView): Promise<Buffer | null> {
    return this.orNull(() => this.renderIssued(companyCode, invoice));
  }

  private async rendering(companyCode: string, render: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await render();
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

  private async orNull(render: () => Promise<Buffer>): Promise<Buffer | null> {
    try {
      return await render();
    } catch {
      return null;
    }
  }
}

import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../../config/config';
import { AppError } from '../../../domain/app-error';
import type { DocumentType } from '../../../domain/document-type';
import { prepareTemplate, readCompanyLogo } from '../../../pdf/company-template';
import type { OdtPackage } from '../../../pdf/odt-package';
import { PdfRenderError, type PdfRenderFailure } from '../../../pdf/pdf-render-error';
import { renderKey } from '../../../pdf/pdf-render-key';
import type { PdfRenderer } from '../../../pdf/pdf-renderer';
import { buildTemplateData, type PrintedDocument } from '../../../pdf/template-data';
import { resolveTemplate } from '../../../pdf/template-resolver';
import { applyVerificationQr } from '../../../pdf/verification-qr';
import { TOKENS } from '../../../tokens';
import { RenderedPdfCache } from './rendered-pdf-cache';
import { type FixedVersions } from '../template-versions/fixed-versions';
import { TemplateVersionStore } from '../template-versions/template-version-store';

/** Seconds a caller should wait before asking again: LibreOffice missing will not be back soon. */
const RETRY_AFTER_SECONDS: Record<PdfRenderFailure, number> = { unavailable: 60, busy: 2, timeout: 5, crashed: 5, failed: 30 };

/**
 * Everything an issued document's PDF is rendered from, all of it stored: its print model (from
 * its rows, annulled flag included) and the template and logo versions fixed at issue. Equal
 * inputs give the same PDF, so it may be cached under them.
 */
export interface IssuedRenderInputs {
  printed: PrintedDocument;
  versions: FixedVersions;
}

/**
 * The one rendering pipeline of every fiscal document: the print model, the template of its
 * document type, the renderer. A preview uses the company's letterhead of that type (or the
 * default template) and logo as the files say now, and is never cached. An issued document always
 * uses the versions fixed on it at issue, so every copy is the original (only ANULADA may be
 * added); its PDF is a pure function of its stored rows and those versions, so it is served from
 * the cache when that key was rendered before (no file is read or hashed for it). Failures: null
 * where the caller can do without (the document stands), else a retryable 503 PDF_RENDER_FAILED.
 */
@injectable()
export class DocumentPdfService {
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

  /**
   * A preview's PDF, or null when it cannot be produced (logged): printed with the company's
   * published letterhead of the type (checked against its `letterheads` counter, when the caller
   * knows it), else from the files on disk.
   */
  async renderPreviewOrNull(companyCode: string, printed: PrintedDocument, letterheadsRevision?: number): Promise<Buffer | null> {
    return this.orNull(() =>
      this.rendering(companyCode, async () => {
        const data = buildTemplateData(printed);
        const template = async () => {
          const published = await this.versions.published(companyCode, printed.documentType, letterheadsRevision);
          return applyVerificationQr(
            published === null ? await this.fromFiles(companyCode, printed) : await this.versions.preparedTemplate(published),
            printed,
            data,
          );
        };
        return this.renderer.render(template, data, printed.issuedAt);
      }),
    );
  }

  private async fromFiles(companyCode: string, printed: PrintedDocument): Promise<OdtPackage> {
    const { templatesDir } = this.config;
    const logo = await readCompanyLogo(templatesDir, companyCode);
    if (logo.problem !== undefined) this.logger.warn({ companyCode, problem: logo.problem }, 'company logo ignored');
    return prepareTemplate(resolveTemplate(templatesDir, companyCode, printed.documentType), logo);
  }

  /**
   * The versions a stored document prints with: those fixed at issue or, for one without (issued
   * while its template was unreadable, or an invoice issued by an older service), the current
   * ones of its type, fixed on it now (TemplateVersionStore.fixOn).
   */
  async versionsOf(
    companyCode: string,
    documentType: DocumentType,
    document: { id: number; versions: FixedVersions | null },
  ): Promise<FixedVersions> {
    return document.versions ?? (await this.versions.fixOn(companyCode, documentType, document.id));
  }

  /** An issued document's PDF from its stored versions, or throws PDF_RENDER_FAILED (503 with Retry-After). */
  renderIssued(companyCode: string, inputs: () => Promise<IssuedRenderInputs>): Promise<Buffer> {
    return this.rendering(companyCode, async () => {
      const { printed, versions } = await inputs();
      const data = buildTemplateData(printed);
      // The QR picture is a function of data.verificationUrl, so the key covers it.
      return this.cache.getOrRender(renderKey({ data, template: versions.identity }), async () =>
        this.renderer.render(
          async () => applyVerificationQr(await this.versions.preparedTemplate(versions), printed, data),
          data,
          printed.issuedAt,
        ),
      );
    });
  }

  /** The same, or null when it cannot be produced; the failure is logged. */
  renderIssuedOrNull(companyCode: string, inputs: () => Promise<IssuedRenderInputs>): Promise<Buffer | null> {
    return this.orNull(() => this.renderIssued(companyCode, inputs));
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
      throw new AppError(
        'PDF_RENDER_FAILED',
        `The PDF could not be generated right now (${reason}); the document is stored, retry later.`,
        {
          retryAfterSeconds: RETRY_AFTER_SECONDS[reason],
        },
      );
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

import { inject, injectable } from 'inversify';
import { DocumentPdfService, type IssuedRenderInputs } from '../../documents';
import type { CompanyRef } from '../../../domain/company-ref';
import type { InvoiceView } from './invoice-view';
import { InvoiceReader } from './invoice-reader.service';
import { issuedRenderInputs } from './printed-invoice';

/**
 * An invoice's PDF through the documents' rendering pipeline: its print model from its stored
 * rows and the versions fixed on it. Failures: POST answers with pdfBase64 null (the invoice
 * stands), GET /pdf a retryable 503.
 */
@injectable()
export class InvoicePdfService {
  constructor(
    @inject(DocumentPdfService) private readonly documents: DocumentPdfService,
    @inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  /** Whether LibreOffice is there to render (GET /v1/health reports it). */
  isAvailable(): boolean {
    return this.documents.isAvailable();
  }

  /**
   * What an issued invoice's PDF is rendered from; for an invoice without fixed versions (issued
   * while its template was unreadable, or by an older service) the current ones are fixed first.
   */
  async renderInputs(companyCode: string, invoice: InvoiceView): Promise<IssuedRenderInputs> {
    const versions = await this.documents.versionsOf(companyCode, 'invoice', invoice);
    return issuedRenderInputs({ ...invoice, versions });
  }

  /** An issued invoice's PDF from its stored versions, or throws PDF_RENDER_FAILED (503 with Retry-After). */
  renderIssued(companyCode: string, invoice: InvoiceView): Promise<Buffer> {
    return this.documents.renderIssued(companyCode, () => this.renderInputs(companyCode, invoice));
  }

  /** The company's invoice `id` as stored now, and its PDF when asked (EXTERNAL_INVOICE_NOT_FOUND when it has none). */
  async printable(company: CompanyRef, id: number): Promise<{ invoice: InvoiceView; pdf(): Promise<Buffer> }> {
    const invoice = await this.reader.get(company.id, id);
    return { invoice, pdf: () => this.renderIssued(company.code, invoice) };
  }

  /** The PDF of the company's invoice `id` as stored now. */
  async reprint(company: CompanyRef, id: number): Promise<Buffer> {
    return (await this.printable(company, id)).pdf();
  }

  /** The same, or null when it cannot be produced; the failure is logged. */
  renderIssuedOrNull(companyCode: string, invoice: InvoiceView): Promise<Buffer | null> {
    return this.documents.renderIssuedOrNull(companyCode, () => this.renderInputs(companyCode, invoice));
  }
}

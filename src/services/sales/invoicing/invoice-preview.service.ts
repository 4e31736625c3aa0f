import { inject, injectable } from 'inversify';
import { invoiceContentOf, type InvoiceContent } from './invoice-factory';
import { printedPreview } from './printed-invoice';
import { DocumentPdfService } from '../../documents';
import type { Principal } from '../../access';
import type { InvoiceRequest } from '../pricing/invoice-request';
import { InvoicePricer } from '../pricing/invoice-pricer.service';

export interface InvoicePreview {
  /** The sale as the invoice would store and print it. */
  content: InvoiceContent;
  pdf: Buffer | null;
}

/**
 * POST /v1/invoices/preview: prices and renders with the real configuration, then discards it.
 * It reads only: no CAI range, no number, no write.
 */
@injectable()
export class InvoicePreviewService {
  constructor(
    @inject(InvoicePricer) private readonly pricer: InvoicePricer,
    @inject(DocumentPdfService) private readonly pdf: DocumentPdfService,
  ) {}

  async preview(company: Pick<Principal, 'companyId' | 'revisions'>, request: InvoiceRequest): Promise<InvoicePreview> {
    const priced = await this.pricer.price(company, request, 'preview');
    const content = invoiceContentOf(priced);
    const pdf = await this.pdf.renderPreviewOrNull(priced.config.company.code, printedPreview(content), company.revisions.letterheads);
    return { content, pdf };
  }
}

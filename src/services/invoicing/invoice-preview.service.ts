import { inject, injectable } from 'inversify';
import { printedPreview } from './printed-invoice';
import { DocumentPdfService } from '../documents/document-pdf.service';
import type { InvoiceRequest } from '../pricing/invoice-request';
import { InvoicePricer, PricedInvoice } from '../pricing/invoice-pricer.service';

export interface InvoicePreview {
  priced: PricedInvoice;
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

  async preview(companyId: number, request: InvoiceRequest): Promise<InvoicePreview> {
    const priced = await this.pricer.price(companyId, request, 'preview');
    const pdf = await this.pdf.renderPreviewOrNull(priced.config.company.code, printedPreview(priced));
    return { priced, pdf };
  }
}

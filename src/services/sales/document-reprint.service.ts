import { inject, injectable } from 'inversify';
import type { CompanyRef } from '../../domain/company-ref';
import type { DocumentType } from '../../domain/document-type';
import { InvoicePdfService } from './invoicing/invoice-pdf.service';
import { NotePdfService } from './notes/note-pdf.service';

/**
 * Any issued document's PDF by its type and id, exactly as its reprint gives it: an invoice's as
 * GET /v1/invoices/{id}/pdf, a note's as `admin note pdf` (the same services, so the same versions
 * fixed at issue, the same cache, ANULADA once annulled). Throws PDF_RENDER_FAILED as they do.
 */
@injectable()
export class DocumentReprint {
  constructor(
    @inject(InvoicePdfService) private readonly invoices: InvoicePdfService,
    @inject(NotePdfService) private readonly notes: NotePdfService,
  ) {}

  pdf(company: CompanyRef, documentType: DocumentType, id: number): Promise<Buffer> {
    return documentType === 'invoice' ? this.invoices.reprint(company, id) : this.notes.reprint(company, id);
  }
}

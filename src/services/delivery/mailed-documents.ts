import { inject, injectable } from 'inversify';
import { hondurasDate } from '../../domain/calendar-date';
import type { CompanyRef } from '../../domain/company-ref';
import type { DocumentType } from '../../domain/document-type';
import { verificationUrl } from '../../domain/verification-token';
import { InvoicePdfService, NotePdfService } from '../sales';

/** What a message says of its document, and its PDF. */
export interface MailedDocument {
  documentType: DocumentType;
  fiscalNumber: string;
  /** Its Honduras day, YYYY-MM-DD. */
  day: string;
  total: string;
  verificationUrl: string;
  annulled: boolean;
  /** The same bytes as a reprint: from the instance's rendered-PDF cache when it holds them (the render at issue). */
  pdf(): Promise<Buffer>;
}

/** An invoice or a note, read and printed through sales' own PDF services (the reprint's). */
@injectable()
export class MailedDocuments {
  constructor(
    @inject(InvoicePdfService) private readonly invoices: InvoicePdfService,
    @inject(NotePdfService) private readonly notes: NotePdfService,
  ) {}

  /** The document (a note of either type for 'note'), or throws the reader's not-found refusal. */
  async load(company: CompanyRef, documentType: DocumentType | 'note', id: number): Promise<MailedDocument> {
    if (documentType === 'invoice') {
      const { invoice, pdf } = await this.invoices.printable(company, id);
      return {
        documentType,
        fiscalNumber: invoice.fiscalNumber,
        day: hondurasDate(invoice.invoiceDate),
        total: invoice.total,
        verificationUrl: verificationUrl(invoice.verificationBaseUrl, invoice.verificationToken),
        annulled: invoice.isAnnulled,
        pdf,
      };
    }
    const { note, pdf } = await this.notes.printable(company, id);
    return {
      documentType: note.documentType,
      fiscalNumber: note.fiscalNumber,
      day: hondurasDate(note.noteDate),
      total: note.total,
      verificationUrl: verificationUrl(note.verificationBaseUrl, note.verificationToken),
      annulled: note.isAnnulled,
      pdf,
    };
  }
}

import { inject, injectable } from 'inversify';
import { Invoice, Note } from '../../../entities';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import type { CompanyRef } from '../../../domain/company-ref';
import { type AnnulledKind, SaleDocumentAnnulment } from '../sale-documents/document-annulment';

export interface AnnulmentResult {
  invoice: Invoice;
  /** The invoice was annulled before this call; nothing changed. */
  alreadyAnnulled: boolean;
}

/**
 * An invoice as annulment treats it. One with live credit or debit notes is refused: undoing a sale
 * the buyer has is a credit note's job, and annulment is for a document issued with errors
 * (Art. 41); its notes are annulled first.
 */
const ANNULLED_INVOICE: AnnulledKind<Invoice> = {
  entity: Invoice,
  notFound: (company, id) => new AppError('EXTERNAL_INVOICE_NOT_FOUND', `company ${company.code} has no invoice with id ${id}`),
  documentType: () => 'invoice',
  issuedAt: (invoice) => invoice.invoiceDate,
  instead: 'issue a credit note instead',
  async refuse(em, invoice) {
    // Under the invoice's lock, which issuing a note takes too: no note can slip in before the commit.
    const notes = await em.count(Note, { invoice: invoice.id, isAnnulled: false });
    if (notes > 0) {
      throw new AppError(
        'INVOICE_HAS_NOTES',
        `invoice ${invoice.id} (${invoice.fiscalNumber}) has ${notes} live note(s); annul them first, or issue a credit note instead`,
      );
    }
  },
  action: 'invoice-annulled',
};

/** Annuls an issued invoice through the one annulment of sale documents (document-annulment.ts). */
@injectable()
export class InvoiceAnnulmentService {
  constructor(@inject(SaleDocumentAnnulment) private readonly annulment: SaleDocumentAnnulment) {}

  /** Records `invoice-annulled`; refused with INVOICE_HAS_NOTES while the invoice has live notes. */
  async annul(actor: Actor, company: CompanyRef, invoiceId: number, reason: string, now = new Date()): Promise<AnnulmentResult> {
    const { document, alreadyAnnulled } = await this.annulment.annul(ANNULLED_INVOICE, actor, company, invoiceId, reason, now);
    return { invoice: document, alreadyAnnulled };
  }
}

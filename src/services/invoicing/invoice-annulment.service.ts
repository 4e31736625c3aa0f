import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { Invoice } from '../../entities';
import { TOKENS } from '../../tokens';
import { AppError } from '../../domain/app-error';
import type { CompanyRef } from '../company-directory.service';

export interface AnnulmentResult {
  invoice: Invoice;
  /** The invoice was annulled before this call; nothing changed. */
  alreadyAnnulled: boolean;
}

/**
 * Annuls an issued invoice (done by the operator, never through the API: decision 16). The
 * number stays consumed and the document stays readable, marked ANULADA.
 */
@injectable()
export class InvoiceAnnulmentService {
  constructor(@inject(TOKENS.EntityManager) private readonly em: EntityManager) {}

  /** Idempotent: annulling an annulled invoice keeps its first annulment date. */
  async annul(company: CompanyRef, invoiceId: number, now = new Date()): Promise<AnnulmentResult> {
    return this.em.transactional(async (em) => {
      // The row lock makes two concurrent annulments agree on one annulledAt.
      const invoice = await em.findOne(Invoice, { id: invoiceId, company: company.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invoice) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `company ${company.code} has no invoice with id ${invoiceId}`);
      if (invoice.isAnnulled) return { invoice, alreadyAnnulled: true };
      invoice.isAnnulled = true;
      invoice.annulledAt = now;
      await em.flush();
      return { invoice, alreadyAnnulled: false };
    });
  }
}

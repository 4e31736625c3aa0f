import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { Invoice, Note } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import { ActivityTrail, documentTarget } from '../../access';
import type { CompanyRef } from '../../../domain/company-ref';
import { assertAnnulmentOpen } from '../../../domain/annulment-deadline';
import type { AppConfig } from '../../../../config/config';

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
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(TOKENS.Config) private readonly config: Pick<AppConfig, 'annulmentDeadlineDay'>,
  ) {}

  /**
   * Idempotent: annulling an annulled invoice keeps its first annulment date and reason. An invoice
   * with live credit or debit notes is refused: undoing a sale the buyer has is a credit note's job,
   * and annulment is for a document issued with errors (Art. 41); its notes are annulled first.
   * Past its window (ANNULMENT_DEADLINE_DAY of the next month, by `now`, decision 71) it is refused
   * with ANNULMENT_PERIOD_CLOSED and nothing changes.
   * The annulment and its `invoice-annulled` row in the activity trail commit together; annulling
   * again changes nothing and records nothing.
   */
  async annul(actor: Actor, company: CompanyRef, invoiceId: number, reason: string, now = new Date()): Promise<AnnulmentResult> {
    return this.em.transactional(async (em) => {
      // The row lock makes two concurrent annulments agree on one annulledAt.
      const invoice = await em.findOne(Invoice, { id: invoiceId, company: company.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!invoice) throw new AppError('EXTERNAL_INVOICE_NOT_FOUND', `company ${company.code} has no invoice with id ${invoiceId}`);
      if (invoice.isAnnulled) return { invoice, alreadyAnnulled: true };
      assertAnnulmentOpen(
        `invoice ${invoice.id} (${invoice.fiscalNumber})`,
        invoice.invoiceDate,
        now,
        this.config.annulmentDeadlineDay,
        'issue a credit note instead',
      );
      // Under the invoice's lock, which issuing a note takes too: no note can slip in before the commit.
      const notes = await em.count(Note, { invoice: invoice.id, isAnnulled: false });
      if (notes > 0) {
        throw new AppError(
          'INVOICE_HAS_NOTES',
          `invoice ${invoice.id} (${invoice.fiscalNumber}) has ${notes} live note(s); annul them first, or issue a credit note instead`,
        );
      }
      invoice.isAnnulled = true;
      invoice.annulReason = reason;
      invoice.annulledAt = now;
      await em.flush();
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: 'invoice-annulled',
        target: documentTarget('invoice', invoice.fiscalNumber, invoice.id),
        details: { reason },
        at: now,
      });
      return { invoice, alreadyAnnulled: false };
    });
  }
}

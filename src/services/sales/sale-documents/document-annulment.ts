import { EntityManager, LockMode } from '@mikro-orm/mysql';
import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import { inject, injectable } from 'inversify';
import type { AppConfig } from '../../../../config/config';
import type { Actor } from '../../../domain/actor';
import type { ActivityAction } from '../../../domain/activity-action';
import { assertAnnulmentOpen } from '../../../domain/annulment-deadline';
import type { AppError } from '../../../domain/app-error';
import type { CompanyRef } from '../../../domain/company-ref';
import { DOCUMENT_TYPE_INFO, type DocumentType } from '../../../domain/document-type';
import type { SaleDocumentRecord } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail, documentTarget } from '../../access';

/** One kind of sale document as its annulment treats it. */
export interface AnnulledKind<D extends SaleDocumentRecord> {
  entity: EntityClass<D>;
  /** The refusal when the company has no such document. */
  notFound(company: CompanyRef, id: number): AppError;
  documentType(document: D): DocumentType;
  /** The instant its annulment window counts from. */
  issuedAt(document: D): Date;
  /** What the refusal of a closed window tells the operator to do now, if anything. */
  instead?: string;
  /** A refusal of its own, checked under the document's lock once the window is known open. */
  refuse?(em: EntityManager, document: D): Promise<void>;
  action: ActivityAction;
}

/** The annulled document, and whether it was annulled before this call (nothing changed then). */
export interface Annulled<D> {
  document: D;
  alreadyAnnulled: boolean;
}

/** `credit note 7 (000-001-06-00000001)`: how refusals name a document. */
export function documentName(documentType: DocumentType, document: Pick<SaleDocumentRecord, 'id' | 'fiscalNumber'>): string {
  return `${DOCUMENT_TYPE_INFO[documentType].noun} ${document.id} (${document.fiscalNumber})`;
}

/**
 * Annuls an issued sale document (done by the operator, never through the API: decision 16; Art. 41,
 * a document issued with errors): its number stays consumed and it stays readable, printed ANULADA.
 * Idempotent: annulling an annulled one keeps its first annulment date and reason and records
 * nothing. Past its window (ANNULMENT_DEADLINE_DAY of the next month, by `now`, decision 71) it is
 * refused with ANNULMENT_PERIOD_CLOSED and nothing changes. The annulment and its row in the
 * activity trail commit together.
 */
@injectable()
export class SaleDocumentAnnulment {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
    @inject(TOKENS.Config) private readonly config: Pick<AppConfig, 'annulmentDeadlineDay'>,
  ) {}

  async annul<D extends SaleDocumentRecord>(
    kind: AnnulledKind<D>,
    actor: Actor,
    company: CompanyRef,
    id: number,
    reason: string,
    now: Date,
  ): Promise<Annulled<D>> {
    return this.em.transactional(async (em) => {
      // The row lock makes two concurrent annulments agree on one annulledAt.
      const where = { id, company: company.id } as FilterQuery<D>;
      const document = await em.findOne(kind.entity, where, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!document) throw kind.notFound(company, id);
      if (document.isAnnulled) return { document, alreadyAnnulled: true };
      const documentType = kind.documentType(document);
      assertAnnulmentOpen(
        documentName(documentType, document),
        kind.issuedAt(document),
        now,
        this.config.annulmentDeadlineDay,
        kind.instead,
      );
      await kind.refuse?.(em, document);
      document.isAnnulled = true;
      document.annulReason = reason;
      document.annulledAt = now;
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: kind.action,
        target: documentTarget(documentType, document.fiscalNumber, document.id),
        details: { reason },
        at: now,
      });
      return { document, alreadyAnnulled: false };
    });
  }
}

import { EntityManager, LockMode } from '@mikro-orm/mysql';
import { inject, injectable } from 'inversify';
import { AppError } from '../../../domain/app-error';
import type { Actor } from '../../../domain/actor';
import type { CompanyRef } from '../../../domain/company-ref';
import { CaiRange } from '../../../entities';
import { TOKENS } from '../../../tokens';
import { ActivityTrail } from '../../access';

export interface CaiCancellation {
  cai: string;
  /** The company's live ranges of the CAI, now cancelled (one per emission point that had it). */
  ranges: number;
}

/**
 * Records SAR's cancellation of a CAI (Art. 63; decision 71): every live range of that CAI of the
 * company stops issuing from this moment and for good. Its unused numbers are then declared in
 * the month of the cancellation (`report unused`, Motivo CANCELADO).
 */
@injectable()
export class CaiCancellationService {
  constructor(
    @inject(TOKENS.EntityManager) private readonly em: EntityManager,
    @inject(ActivityTrail) private readonly trail: ActivityTrail,
  ) {}

  /**
   * Cancels the ranges and records `cai-cancelled` with the reason, in one transaction. The ranges
   * are locked as issuing locks them, so a document being numbered from one commits first and
   * every later one reads it cancelled: no instance caches ranges, so each stops on its next
   * request. Refused, changing nothing: a CAI the company has no live range of (CAI_NOT_FOUND),
   * or one already cancelled (CAI_ALREADY_CANCELLED); a cancellation cannot be undone.
   */
  async cancel(actor: Actor, company: CompanyRef, cai: string, reason: string, now = new Date()): Promise<CaiCancellation> {
    return this.em.transactional(async (em) => {
      const ranges = await em.find(
        CaiRange,
        { cai, emissionPoint: { establishment: { company: company.id } }, deletedAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      if (ranges.length === 0) throw new AppError('CAI_NOT_FOUND', `company ${company.code} has no live CAI range with CAI ${cai}`);
      const live = ranges.filter((r) => r.cancelledAt === null);
      if (live.length === 0) {
        throw new AppError(
          'CAI_ALREADY_CANCELLED',
          `CAI ${cai} of company ${company.code} was already cancelled on ${ranges[0].cancelledAt!.toISOString()}`,
        );
      }
      for (const range of live) {
        range.cancelledAt = now;
        range.cancelReason = reason;
      }
      await this.trail.record(em, {
        actor,
        companyId: company.id,
        action: 'cai-cancelled',
        target: `CAI ${cai}`,
        details: { reason, ranges: live.length },
        at: now,
      });
      return { cai, ranges: live.length };
    });
  }
}

import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config';
import { hondurasDate } from '../../domain/calendar-date';
import { CaiRangeState, rangeStanding } from '../../domain/cai-range-state';
import type { Invoice } from '../../entities';
import { TOKENS } from '../../tokens';
import { caiWarnThresholds } from './cai-warn-thresholds';

/** What an issued invoice already carries about the range its number came from. */
export type IssuedNumber = Pick<Invoice, 'cai' | 'caiRangeStart' | 'caiRangeEnd' | 'caiDeadline' | 'invoiceNumber' | 'invoiceDate'> & {
  caiRange: { id: number };
};

const WARNED_STATES: readonly CaiRangeState[] = ['LOW', 'DUE'];

/**
 * Warns (structured log) the first time an issue leaves a CAI range LOW or DUE, once per range
 * and state in this process, so monitoring hears of it before sales stop. Computed after the
 * issuing transaction commits, from the invoice alone: no query, nothing added under the lock.
 */
@injectable()
export class CaiRangeAlerts {
  private readonly warned = new Set<string>();

  constructor(
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  afterIssue(companyCode: string, issued: IssuedNumber): void {
    const position = { rangeStart: issued.caiRangeStart, rangeEnd: issued.caiRangeEnd, nextNumber: issued.invoiceNumber + 1, deadline: issued.caiDeadline };
    const { state, left, daysLeft } = rangeStanding(position, hondurasDate(issued.invoiceDate), caiWarnThresholds(this.config));
    if (!WARNED_STATES.includes(state)) return;
    const key = `${issued.caiRange.id}/${state}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.warn({ company: companyCode, cai: issued.cai, state, left, daysLeft }, `CAI range ${state}: request the next CAI from SAR before sales stop`);
  }
}

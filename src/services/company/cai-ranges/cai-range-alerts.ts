import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../../config/config';
import { CaiRangeState, rangeStanding } from '../../../domain/cai-range-state';
import { TOKENS } from '../../../tokens';
import type { NumberTakenWatcher, TakenNumber } from '../../documents';
import { caiWarnThresholds } from './cai-warn-thresholds';

const WARNED_STATES: readonly CaiRangeState[] = ['LOW', 'DUE'];

/**
 * Warns (structured log) the first time an issue leaves a CAI range LOW or DUE, once per range
 * and state in this process, so monitoring hears of it before sales stop. Computed after the
 * issuing transaction commits, from the number taken alone: no query, nothing added under the lock.
 */
@injectable()
export class CaiRangeAlerts implements NumberTakenWatcher {
  private readonly warned = new Set<string>();

  constructor(
    @inject(TOKENS.Config) private readonly config: AppConfig,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** After a document took `taken` on its Honduras day `day`. */
  afterIssue(companyCode: string, { range, number }: TakenNumber, day: string): void {
    const position = { rangeStart: range.rangeStart, rangeEnd: range.rangeEnd, nextNumber: number + 1, deadline: range.deadline };
    const { state, left, daysLeft } = rangeStanding(position, day, caiWarnThresholds(this.config));
    if (!WARNED_STATES.includes(state)) return;
    const key = `${range.id}/${state}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.warn(
      { company: companyCode, cai: range.cai, state, left, daysLeft },
      `CAI range ${state}: request the next CAI from SAR before sales stop`,
    );
  }
}

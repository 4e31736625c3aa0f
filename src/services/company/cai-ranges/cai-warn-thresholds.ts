import type { AppConfig } from '../../../../config/config';
import type { CaiWarnThresholds } from '../../../domain/cai-range-state';

/** The LOW and DUE thresholds as configured (CAI_WARN_REMAINING_PERCENT, CAI_WARN_DAYS). */
export function caiWarnThresholds(config: Pick<AppConfig, 'caiWarnRemainingPercent' | 'caiWarnDays'>): CaiWarnThresholds {
  return { remainingPercent: config.caiWarnRemainingPercent, days: config.caiWarnDays };
}

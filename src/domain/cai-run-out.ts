import { addDays } from './calendar-date';
import { CaiRangeState, isUsable } from './cai-range-state';

/** The days the pace of issuing is measured over. */
export const PACE_DAYS = 30;

/** What the projection needs of a range: its numbers left, the days to its deadline and its state. */
export interface RangeAhead {
  left: number;
  /** Days from today to the deadline (0 on the deadline itself). */
  daysLeft: number;
  state: CaiRangeState;
}

/**
 * The Honduras day on which each range of one emission point and document type takes its last
 * number, at `perDay` numbers a day from `today` (decision 63). The ranges come in the order the
 * numbering uses them (lowest first): each starts when the one before it runs out or passes its
 * deadline, so a range queued behind another runs out after it. Null for a range that cannot
 * issue (EXHAUSTED, EXPIRED), without a pace (nothing issued in the last 30 days), or whose
 * deadline comes first: it stops on its deadline with numbers left, which its deadline says.
 */
export function runOutDays(ranges: readonly RangeAhead[], today: string, perDay: number): Array<string | null> {
  let startsAfterDays = 0;
  return ranges.map((range) => {
    if (!isUsable(range.state) || !(perDay > 0)) return null;
    // Issuing runs until the end of the deadline day: daysLeft + 1 days from the start of today.
    const usableDays = range.daysLeft + 1;
    const endsAfterDays = startsAfterDays + range.left / perDay;
    if (endsAfterDays > usableDays) {
      startsAfterDays = Math.max(startsAfterDays, usableDays);
      return null;
    }
    startsAfterDays = endsAfterDays;
    // The last number is taken during the day in which the running count reaches `left`.
    return addDays(today, Math.max(0, Math.ceil(endsAfterDays) - 1));
  });
}

/** Numbers a day at which `taken` numbers were issued over the last PACE_DAYS days. */
export function pacePerDay(taken: number): number {
  return taken / PACE_DAYS;
}

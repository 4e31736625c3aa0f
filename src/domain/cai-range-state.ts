import Big from 'big.js';

/**
 * Where a CAI range stands on a given Honduras day. OK, LOW (few numbers left), DUE (deadline
 * near) and the three states in which it can no longer issue: EXHAUSTED, EXPIRED and CANCELLED
 * (SAR cancelled its CAI, decision 71).
 */
export type CaiRangeState = 'OK' | 'LOW' | 'DUE' | 'EXHAUSTED' | 'EXPIRED' | 'CANCELLED';

export interface CaiWarnThresholds {
  /** Percent of the range's numbers (decimal string, 0..100) at or below which it is LOW. */
  remainingPercent: string;
  /** Days to the deadline at or below which it is DUE. */
  days: number;
}

export interface RangePosition {
  rangeStart: number;
  rangeEnd: number;
  /** The number the next issue takes; rangeEnd + 1 once every number is used. */
  nextNumber: number;
  /** Last day numbers may be issued, YYYY-MM-DD, inclusive. */
  deadline: string;
  /** SAR cancelled the range's CAI: it never issues again, whatever its numbers and deadline. */
  cancelled?: boolean;
}

export interface RangeStanding {
  used: number;
  left: number;
  /** Numbers left as a percent of the range, 2 decimals. */
  percentLeft: string;
  /** Days from today to the deadline; 0 on the deadline itself, negative once it has passed. */
  daysLeft: number;
  state: CaiRangeState;
}

const DAY_MS = 86_400_000;

/** Whole days from one calendar date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The standing of a range on `today` (decision 45). A range that is both short of numbers and near its deadline
 * is LOW: running out of numbers stops sales sooner than a deadline weeks away. An exhausted range
 * is EXHAUSTED even past its deadline, since it has no unused numbers left to declare.
 */
export function rangeStanding(range: RangePosition, today: string, thresholds: CaiWarnThresholds): RangeStanding {
  const size = range.rangeEnd - range.rangeStart + 1;
  const left = Math.max(0, range.rangeEnd - range.nextNumber + 1);
  const used = size - left;
  const daysLeft = daysBetween(today, range.deadline);
  const percentLeft = new Big(left).times(100).div(size).round(2, Big.roundHalfUp).toFixed(2);
  let state: CaiRangeState;
  // Cancelled first: it is final, and its unused numbers are declared as cancelled, not as expired.
  if (range.cancelled) state = 'CANCELLED';
  else if (left === 0) state = 'EXHAUSTED';
  else if (daysLeft < 0) state = 'EXPIRED';
  // Compared as left * 100 <= percent * size, so no rounded percentage decides a boundary case.
  else if (new Big(left).times(100).lte(new Big(thresholds.remainingPercent).times(size))) state = 'LOW';
  else if (daysLeft <= thresholds.days) state = 'DUE';
  else state = 'OK';
  return { used, left, percentLeft, daysLeft, state };
}

/** Whether a range in this state can still issue a number. */
export function isUsable(state: CaiRangeState): boolean {
  return state !== 'EXHAUSTED' && state !== 'EXPIRED' && state !== 'CANCELLED';
}

/**
 * The states from least to most urgent. A range that cannot issue is worse than one that soon
 * will not; among those, CANCELLED and EXHAUSTED last, as states that no new deadline can change.
 */
const URGENCY: readonly CaiRangeState[] = ['OK', 'DUE', 'LOW', 'EXPIRED', 'CANCELLED', 'EXHAUSTED'];

/** The most urgent of some states; null when there are none. */
export function mostUrgent(states: Iterable<CaiRangeState>): CaiRangeState | null {
  let worst: CaiRangeState | null = null;
  for (const state of states) if (worst === null || URGENCY.indexOf(state) > URGENCY.indexOf(worst)) worst = state;
  return worst;
}

/** The least urgent of some states; null when there are none. */
export function leastUrgent(states: Iterable<CaiRangeState>): CaiRangeState | null {
  let best: CaiRangeState | null = null;
  for (const state of states) if (best === null || URGENCY.indexOf(state) < URGENCY.indexOf(best)) best = state;
  return best;
}

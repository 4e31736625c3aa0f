import { addDays, dayMonthYear, hondurasDate, monthOf } from './calendar-date';
import { AppError } from './app-error';

/** When a document may still be annulled: its Honduras month and the last day (inclusive). */
export interface AnnulmentWindow {
  /** The document's month, YYYY-MM on the Honduras calendar. */
  month: string;
  /** The last Honduras day, YYYY-MM-DD, on which it may be annulled. */
  lastDay: string;
}

/**
 * The annulment window of a document issued at `issuedAt` (decision 71): until day `deadlineDay`
 * (1..28, so it exists in every month) of the month after its Honduras month, or, with 0, until the
 * last day of its own month. By then the month's ISV return is filed and its register declared.
 */
export function annulmentWindow(issuedAt: Date, deadlineDay: number): AnnulmentWindow {
  if (!Number.isInteger(deadlineDay) || deadlineDay < 0 || deadlineDay > 28) throw new RangeError(`not a deadline day: ${deadlineDay}`);
  const { first, next } = monthOf(hondurasDate(issuedAt));
  const lastDay = deadlineDay === 0 ? addDays(next, -1) : `${next.slice(0, 8)}${String(deadlineDay).padStart(2, '0')}`;
  return { month: first.slice(0, 7), lastDay };
}

/** Whether `now` falls on or before the window's last day, counted on the Honduras calendar. */
export function isAnnulmentOpen(window: AnnulmentWindow, now: Date): boolean {
  // YYYY-MM-DD strings order as the days they name.
  return hondurasDate(now) <= window.lastDay;
}

/**
 * Refuses the annulment of `documentName` (e.g. `invoice 7 (000-001-01-00000007)`) when its window
 * has closed: ANNULMENT_PERIOD_CLOSED naming its month and last day, and `instead` (what to do now)
 * when given. Does nothing while the window is open.
 */
export function assertAnnulmentOpen(documentName: string, issuedAt: Date, now: Date, deadlineDay: number, instead?: string): void {
  const window = annulmentWindow(issuedAt, deadlineDay);
  if (isAnnulmentOpen(window, now)) return;
  throw new AppError(
    'ANNULMENT_PERIOD_CLOSED',
    `${documentName} is of ${window.month}, which could be annulled until ${dayMonthYear(window.lastDay)}` +
      (instead ? `; ${instead}` : ''),
  );
}

import { dayMonthYear, hondurasDate, hondurasTime } from '../../domain/calendar-date';

export { formatLempiras } from '../../pdf/format';

/** A YYYY-MM-DD day as the console shows it: DD/MM/YYYY. */
export function formatDay(isoDate: string): string {
  return dayMonthYear(isoDate);
}

/** An instant in Honduras time: DD/MM/YYYY HH:MM. */
export function formatInstant(instant: Date): string {
  return `${dayMonthYear(hondurasDate(instant))} ${hondurasTime(instant)}`;
}

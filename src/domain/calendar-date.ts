/**
 * Calendar dates as the law counts them: YYYY-MM-DD on the Honduras calendar
 * (America/Tegucigalpa, UTC-6, no DST), independent of the machine's time zone.
 */
const HONDURAS_TIME_ZONE = 'America/Tegucigalpa';

// en-CA formats as YYYY-MM-DD, so the parts need no reordering.
const hondurasDay = new Intl.DateTimeFormat('en-CA', { timeZone: HONDURAS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** True for a YYYY-MM-DD string naming a day that exists (rejects 2026-02-30 and 2026-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls an impossible day over into the next month; a real date survives the round trip.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const hondurasClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: HONDURAS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Honduras wall-clock time of an instant, HH:MM on a 24-hour clock. */
export function hondurasTime(instant: Date): string {
  return hondurasClock.format(instant);
}

/** Honduras's fixed offset from UTC in minutes (UTC-6 all year). */
const HONDURAS_UTC_OFFSET_MINUTES = -360;

/**
 * An instant as Honduras wall-clock date and time to the second, with its offset:
 * YYYY-MM-DDTHH:MM:SS-06:00 (the fixed offset makes it exact without a time-zone database).
 */
export function hondurasDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + HONDURAS_UTC_OFFSET_MINUTES * 60_000);
  return `${local.toISOString().slice(0, 19)}-06:00`;
}

/** The Honduras calendar day of an instant. */
export function hondurasDate(instant: Date): string {
  return hondurasDay.format(instant);
}

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year + years, month - 1, day));
  if (target.getUTCDate() !== day) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date as Honduran documents print it: DD/MM/YYYY. */
export function dayMonthYear(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) throw new TypeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** The instant a Honduras calendar day begins (00:00 at UTC-6; Honduras keeps no DST). */
export function startOfHondurasDay(date: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(`${date}T00:00:00-06:00`);
}

/** The calendar day `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const target = new Date(`${date}T00:00:00Z`);
  target.setUTCDate(target.getUTCDate() + days);
  return target.toISOString().slice(0, 10);
}

/** The first day of the month of `date`, and the first day of the month after it. */
export function monthOf(date: string): { first: string; next: string } {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  const [year, month] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return { first: `${date.slice(0, 7)}-01`, next };
}

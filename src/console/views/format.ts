import { dayMonthYear, hondurasDate, hondurasTime } from '../../domain/calendar-date';

import type { DocumentType } from '../../domain/document-type';

export { formatLempiras } from '../../pdf/format';

/** Each document type's name on the console's pages. */
export const DOCUMENT_TYPE_NAMES: Readonly<Record<DocumentType, string>> = {
  invoice: 'Factura',
  creditNote: 'Nota de crédito',
  debitNote: 'Nota de débito',
};

/** A YYYY-MM-DD day as the console shows it: DD/MM/YYYY. */
export function formatDay(isoDate: string): string {
  return dayMonthYear(isoDate);
}

/** An instant in Honduras time: DD/MM/YYYY HH:MM. */
export function formatInstant(instant: Date): string {
  return `${dayMonthYear(hondurasDate(instant))} ${hondurasTime(instant)}`;
}

/** `text` with its first letter in capitals, to open a sentence or a label with a word from a table. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

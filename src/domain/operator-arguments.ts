import { DOCUMENT_TYPES, isDocumentType, type DocumentType } from './document-type';
import { AppError } from './app-error';
import { isCalendarDate } from './calendar-date';

/** A database id the operator gave (a CLI option, a console path or field); `option` names it in the refusal. */
export function parseId(value: string, option = '--id'): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new AppError('VALIDATION_FAILED', `${option} must be a whole number, got "${value}"`);
  return Number(value);
}

/** A YYYY-MM-DD day that exists (Honduras calendar). */
export function parseDate(value: string, option: string): string {
  if (!isCalendarDate(value)) throw new AppError('VALIDATION_FAILED', `${option} must be a date YYYY-MM-DD, got "${value}"`);
  return value;
}

/** A month YYYY-MM. */
export function parseMonth(value: string, option = '--month'): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw new AppError('VALIDATION_FAILED', `${option} must be a month YYYY-MM, got "${value}"`);
  return value;
}

/** A document type as the operator writes it: invoice, creditNote or debitNote. */
export function parseDocumentType(value: string, option = '--document'): DocumentType {
  if (!isDocumentType(value))
    throw new AppError('VALIDATION_FAILED', `${option} must be one of ${DOCUMENT_TYPES.join(', ')}, got "${value}"`);
  return value;
}

/** The longest line of printed text the columns that keep one hold (a reason, a charge's description). */
export const SHORT_TEXT_MAX = 255;

/** A line of printed text (a reason, a charge's description): 1..255 characters after trimming, as stored. */
export function parseShortText(value: string, option: string): string {
  const text = value.trim();
  if (text.length < 1 || text.length > SHORT_TEXT_MAX)
    throw new AppError('VALIDATION_FAILED', `${option} must be 1 to ${SHORT_TEXT_MAX} characters after trimming, got ${text.length}`);
  return text;
}

/** A reason (Motivo): 1..255 characters after trimming. */
export function parseReason(value: string, option = '--reason'): string {
  return parseShortText(value, option);
}

/** A count of at least 1 (`--limit`). */
export function parsePositiveCount(value: string, option: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1)
    throw new AppError('VALIDATION_FAILED', `${option} must be a whole number of at least 1, got "${value}"`);
  return Number(value);
}

import { UniqueConstraintViolationException } from '@mikro-orm/mysql';

/**
 * Unique-index violations, read from the driver's error in this one place so that services ask
 * "which index?" instead of matching MySQL's wording. MySQL and MariaDB name the index only in
 * the message: `Duplicate entry '7-42' for key 'invoices.uq_invoices_cai_range_number'` (MySQL 8
 * prefixes the table; MariaDB does not).
 */
const DUPLICATE_ENTRY = /Duplicate entry .*? for key '(?:[^'.]+\.)?([^']+)'/;

/** MySQL's ER_DUP_ENTRY, as a raw driver error carries it (plain SQL, below the ORM). */
const ER_DUP_ENTRY = 1062;

/** Whether the failed statement broke a unique index (any), through the ORM or straight through the driver. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof UniqueConstraintViolationException || (err as { errno?: unknown } | null)?.errno === ER_DUP_ENTRY;
}

/** Whether the failed statement broke this unique index. */
export function violatesUniqueIndex(err: unknown, index: string): boolean {
  return isUniqueViolation(err) && DUPLICATE_ENTRY.exec((err as Error).message)?.[1] === index;
}

/** The driver's own words for the clash (the value and the index), for an operator's message. */
export function duplicateEntryDetail(err: unknown): string | null {
  if (!isUniqueViolation(err)) return null;
  return /Duplicate entry .*/.exec((err as Error).message)?.[0] ?? null;
}

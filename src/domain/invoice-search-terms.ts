import { AppError } from './app-error';
import { isCalendarDate } from './calendar-date';
import { DOCUMENT_TYPE_INFO } from './document-type';
import { ANNULLED, LIVE } from './document-words';
import { readPageNumber } from './page-number';

/** Rows on one page of a search. */
export const SEARCH_PAGE_SIZE = 50;

/**
 * The deepest page a search goes to. Pages are read by offset, and a deep offset costs a walk
 * over every row before it; past this many, the period (from, to) narrows the search instead.
 */
export const MAX_SEARCH_PAGE = 2000;

const MAX_QUERY_LENGTH = 100;
const MIN_NAME_LENGTH = 2;

/**
 * What the operator typed, as one of the four things an invoice is found by (decision 62):
 * - `number`: a printed number or its end, as printed (`001-001-01-00000123`, `01-00000123`, or
 *   the sequence alone, `123` or `00000123`). The sequence is the number the range counts, so
 *   `123` finds `...-00000123` at every emission point, never 1123: the digits a reader copies
 *   off the paper name one document per range, not a thousand. `suffix` is the printed end to
 *   match (the sequence padded to its eight digits and whatever was typed before it).
 * - `rtn`: the buyer's RTN, 14 digits (dashes allowed as in `0801-1990-123456`), exactly.
 * - `name`: part of the client's name, anywhere in it, any case.
 */
export type InvoiceSearchTerm =
  { kind: 'all' } | { kind: 'number'; sequence: number; suffix: string } | { kind: 'rtn'; rtn: string } | { kind: 'name'; text: string };

export interface InvoiceSearchInput {
  q?: string;
  from?: string;
  to?: string;
  /** VIGENTE or ANULADA, as the sales register says it; empty: both. */
  state?: string;
  page?: string | number;
}

/** A search as the read model runs it: every part checked. */
export interface InvoiceSearchCriteria {
  term: InvoiceSearchTerm;
  /** Honduras calendar days, both inclusive; null when not given. */
  from: string | null;
  to: string | null;
  /** Only annulled documents (true), only live ones (false), or both (null). */
  annulled: boolean | null;
  /** 1-based. */
  page: number;
}

const INVOICE_CODE = DOCUMENT_TYPE_INFO.invoice.code;
const SEQUENCE_DIGITS = 8;
// The end of EEE-PPP-TT-NNNNNNNN: the sequence alone, or with the parts before it, from the right.
const PRINTED_END = /^(?:(?:(?:(\d{3})-)?(\d{3})-)?(\d{2})-)?(\d{1,8})$/;
const RTN = /^(?:\d{14}|\d{4}-\d{4}-\d{6})$/;

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

/** The printed document codes of the notes, which their own list finds them by. */
export const NOTE_CODES: readonly string[] = [DOCUMENT_TYPE_INFO.creditNote.code, DOCUMENT_TYPE_INFO.debitNote.code];

/**
 * What `q` asks for; an empty or absent q finds every document. `codes` are the document codes of
 * the list searched (the invoices' 01 unless given), the only ones a printed number may carry.
 */
export function parseSearchTerm(raw: string | undefined, codes: readonly string[] = [INVOICE_CODE]): InvoiceSearchTerm {
  const q = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (q === '') return { kind: 'all' };
  if (q.length > MAX_QUERY_LENGTH) throw invalid(`q is longer than ${MAX_QUERY_LENGTH} characters`);
  if (RTN.test(q)) return { kind: 'rtn', rtn: q.replace(/-/g, '') };
  const printed = PRINTED_END.exec(q);
  if (printed) {
    const [, establishment, point, type, digits] = printed;
    if (type !== undefined && !codes.includes(type)) {
      throw invalid(
        codes.includes(INVOICE_CODE)
          ? `q: ${type} is not the invoices' document code (${INVOICE_CODE}); credit and debit notes have their own list`
          : `q: ${type} is not a note's document code (${codes.join(' or ')}); invoices have their own list`,
      );
    }
    const sequence = Number(digits);
    const parts = [establishment, point, type, digits.padStart(SEQUENCE_DIGITS, '0')].filter((p) => p !== undefined);
    return { kind: 'number', sequence, suffix: parts.join('-') };
  }
  if (/^[\d\s-]+$/.test(q)) {
    throw invalid(`q: "${q}" is neither a printed number or its last digits (at most ${SEQUENCE_DIGITS}) nor an RTN (14 digits)`);
  }
  if (!/\p{L}/u.test(q)) throw invalid(`q: "${q}" is not a printed number, an RTN or part of a client's name`);
  if (q.length < MIN_NAME_LENGTH) throw invalid(`q: a client's name needs at least ${MIN_NAME_LENGTH} characters`);
  return { kind: 'name', text: q };
}

function parseDay(name: 'from' | 'to', raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  if (!isCalendarDate(value)) throw invalid(`${name}: "${value}" is not a date (YYYY-MM-DD)`);
  return value;
}

function parsePage(raw: string | number | undefined): number {
  const value = String(raw ?? '').trim();
  if (value === '') return 1;
  const read = readPageNumber(value, MAX_SEARCH_PAGE);
  if (!('refused' in read)) return read.page;
  if (read.refused === 'past-last') {
    throw invalid(`page ${Number(value)} is past the last page a search shows (${MAX_SEARCH_PAGE}): narrow it with from and to`);
  }
  throw invalid(`page: "${value}" is not a page number (1, 2, 3...)`);
}

/** VIGENTE (false), ANULADA (true), in any case; empty or absent: both (null). */
function parseState(raw: string | undefined): boolean | null {
  const value = (raw ?? '').trim().toUpperCase();
  if (value === '') return null;
  if (value === ANNULLED) return true;
  if (value === LIVE) return false;
  throw invalid(`state must be ${LIVE} or ${ANNULLED}, got "${(raw ?? '').slice(0, 20)}"`);
}

/**
 * Checks every part of a search (of the invoices, or with `codes` of the notes); a bad one is
 * VALIDATION_FAILED naming the part and what is wrong.
 */
export function parseInvoiceSearch(input: InvoiceSearchInput, codes?: readonly string[]): InvoiceSearchCriteria {
  const term = parseSearchTerm(input.q, codes);
  const from = parseDay('from', input.from);
  const to = parseDay('to', input.to);
  if (from !== null && to !== null && from > to) throw invalid(`from ${from} is after to ${to}`);
  return { term, from, to, annulled: parseState(input.state), page: parsePage(input.page) };
}

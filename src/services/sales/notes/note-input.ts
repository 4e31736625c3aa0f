/**
 * An operator's note request, checked and built in one place whichever edge it was written at: the
 * CLI's options or the console's form fields. Each edge reads its own fields and decides which kind
 * of credit it was asked for (flags there, a choice here); what is checked, in which order, and the
 * request that comes out are these, so both refuse alike, each naming the field as it calls it.
 */
import type { CreditRequest } from '../../../domain/notes/credit-note';
import type { NoteRequest } from './note-request';
import { parseAmount, parseDescription, parseEmissionPoint, parseQuantity, parseRate } from './note-arguments';
import { parseReason } from '../../../domain/operator-arguments';

/** What a refusal calls each field: the CLI its option (`--amount`), the console its form field (`amount`). */
export interface NoteFieldNames {
  reason: string;
  emissionPoint: string;
  discount: string;
  description: string;
  amount: string;
  quantity: string;
  rate: string;
}

/** What every note carries, credit or debit. */
export type NoteCommon = Pick<NoteRequest, 'invoiceId' | 'reason' | 'emissionPoint'>;

/** What a credit note credits: returned quantities (as the edge reads them), a discount at a rate, or all that is left. */
export type WrittenCredit =
  | { kind: 'return'; returns: Extract<CreditRequest, { kind: 'return' }>['returns'] }
  | { kind: 'discount'; amount: string; rate: string }
  | { kind: 'full' };

/** A debit note's charge as written; no quantity is 1. */
export interface WrittenDebit {
  description: string;
  amount: string;
  quantity?: string;
  rate: string;
}

/** The invoice, the reason and another emission point (none: the invoice's own). */
export function noteCommonOf(invoiceId: number, written: { reason: string; emissionPoint?: string }, names: NoteFieldNames): NoteCommon {
  return {
    invoiceId,
    reason: parseReason(written.reason, names.reason),
    emissionPoint: written.emissionPoint === undefined ? null : parseEmissionPoint(written.emissionPoint, names.emissionPoint),
  };
}

/** A credit note's request; a discount's amount and rate are checked here, against the configured rates. */
export function creditNoteRequest(
  common: NoteCommon,
  written: WrittenCredit,
  allowedRates: readonly string[],
  names: NoteFieldNames,
): NoteRequest {
  const credit: CreditRequest =
    written.kind === 'discount'
      ? { kind: 'discount', amount: parseAmount(written.amount, names.discount), rate: parseRate(written.rate, allowedRates, names.rate) }
      : written;
  return { ...common, type: 'creditNote', credit };
}

/** A debit note's request: one charge of `quantity` (default 1) at the unit price `amount`. */
export function debitNoteRequest(
  common: NoteCommon,
  written: WrittenDebit,
  allowedRates: readonly string[],
  names: NoteFieldNames,
): NoteRequest {
  return {
    ...common,
    type: 'debitNote',
    debit: {
      description: parseDescription(written.description, names.description),
      unitPrice: parseAmount(written.amount, names.amount),
      quantity: parseQuantity(written.quantity ?? '1', names.quantity),
      rate: parseRate(written.rate, allowedRates, names.rate),
    },
  };
}

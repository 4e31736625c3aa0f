import Big from 'big.js';
import type { CreditRequest } from '../../../domain/notes/credit-note';
import type { DebitRequest } from '../../../domain/notes/debit-note';

/** A note as the operator asks for it, its values already parsed and checked. */
export type NoteRequest = { invoiceId: number; reason: string; emissionPoint: string | null } & (
  { type: 'creditNote'; credit: CreditRequest } | { type: 'debitNote'; debit: DebitRequest }
);

/**
 * The canonical arguments of a note request: what an idempotency key's fingerprint is taken of,
 * so the same key with the same arguments (however written: 2 or 2.00, lines in any order) is the
 * same note.
 */
export function canonicalNoteArguments(request: NoteRequest): Record<string, unknown> {
  const n = (v: Big | null) => (v === null ? 'exempt' : v.toString());
  const base = {
    type: request.type,
    invoiceId: request.invoiceId,
    reason: request.reason,
    emissionPoint: request.emissionPoint,
  };
  if (request.type === 'debitNote') {
    const d = request.debit;
    return { ...base, description: d.description, amount: d.unitPrice.toString(), quantity: d.quantity.toString(), rate: n(d.rate) };
  }
  const c = request.credit;
  if (c.kind === 'return') {
    return { ...base, return: [...c.returns].sort((a, b) => a.position - b.position).map((r) => `${r.position}:${r.quantity.toString()}`) };
  }
  if (c.kind === 'discount') return { ...base, discount: c.amount.toString(), rate: n(c.rate) };
  return { ...base, full: true };
}

import Big from 'big.js';
import { round2, ZERO } from '../money';
import { noteAmounts, type NoteAmounts } from './note-amounts';
import { taxOf } from '../sale-amounts';

/** A charge after the sale: one line, `quantity` x `unitPrice`, at a rate or exempt (rate null). */
export interface DebitRequest {
  description: string;
  unitPrice: Big;
  quantity: Big;
  rate: Big | null;
}

/**
 * A debit note: one charge line; on an exonerated invoice its base is exonerated. Debit notes
 * neither raise nor use the limits of the invoice's credit notes.
 */
export function computeDebitNote(exonerated: boolean, request: DebitRequest): NoteAmounts {
  const importe = round2(request.unitPrice.times(request.quantity));
  const line = {
    invoiceLine: null,
    code: null,
    description: request.description,
    quantity: request.quantity,
    unitPrice: request.unitPrice,
    importe,
    discountAmount: ZERO,
    subTotal: importe,
    exemptAmount: request.rate === null ? importe : ZERO,
    isvRate: request.rate,
  };
  return noteAmounts([line], exonerated, (rate, base) => taxOf(base, rate));
}

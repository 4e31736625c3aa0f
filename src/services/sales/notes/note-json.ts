import Big from 'big.js';
import { toNumber } from '../../../domain/money';
import type { NoteView } from './note-view';

/** A note as `note ... --json` prints it: the object operators' scripts read. */
export function noteJson(note: NoteView) {
  const amount = (v: string) => toNumber(new Big(v));
  return {
    id: note.id,
    type: note.documentType,
    number: note.fiscalNumber,
    invoiceId: note.invoiceId,
    invoiceNumber: note.invoiceFiscalNumber,
    cai: note.cai,
    date: note.noteDate.toISOString(),
    reason: note.reason,
    isAnnulled: note.isAnnulled,
    annulledAt: note.annulledAt?.toISOString() ?? null,
    annulReason: note.annulReason,
    lines: note.lines.map((l) => ({
      invoiceLine: l.invoiceLineNumber,
      code: l.productCode,
      description: l.description,
      quantity: toNumber(new Big(l.quantity), 4),
      unitPrice: toNumber(new Big(l.unitPrice), 4),
      importe: amount(l.importe),
      discountAmount: amount(l.discountAmount),
      subTotal: amount(l.subTotal),
      exemptAmount: amount(l.exemptAmount),
      isvRate: l.isvRate === null ? null : toNumber(new Big(l.isvRate), 4),
    })),
    importe: amount(note.importe),
    discountTotal: amount(note.discountTotal),
    exemptedAmount: amount(note.exemptedAmount),
    exoneratedAmount: amount(note.exoneratedAmount),
    taxBreakdown: note.taxes.map((t) => ({
      rate: toNumber(new Big(t.rate), 4),
      taxedAmount: amount(t.taxedAmount),
      taxAmount: amount(t.taxAmount),
    })),
    totalTaxes: amount(note.totalTaxes),
    total: amount(note.total),
    totalInLetters: note.totalInLetters,
  };
}

import Big from 'big.js';
import { ZERO } from '../money';
import type { NoteAmounts, NoteLineAmounts } from './note-amounts';
import { rateKey } from '../sale-amounts';

/** What the live (not annulled) credit notes of an invoice have credited so far. */
export interface CreditedSoFar {
  /** Per invoice line position: the quantity and amounts returned. */
  returned: Map<number, { quantity: Big; importe: Big; discountAmount: Big; subTotal: Big; exemptAmount: Big }>;
  /** Per rate key: base and tax credited. */
  byRate: Map<string, { rate: Big; base: Big; tax: Big }>;
  exempt: Big;
  exonerated: Big;
  total: Big;
  /**
   * Discounts granted after the sale (lines that return no invoice line), per kind: a rate key, or
   * `exempt`. A full reversal takes them back with its "Menos descuentos acreditados" lines.
   */
  discounts: Map<string, { rate: Big | null; exempt: boolean; amount: Big }>;
}

export const EXEMPT_BUCKET = 'exempt';

/** The kind of credit a line that returns no invoice line gives: its rate, or exempt. */
function discountBucket(line: NoteLineAmounts): { key: string; rate: Big | null; exempt: boolean } {
  if (!line.exemptAmount.eq(0) || line.isvRate === null) return { key: EXEMPT_BUCKET, rate: null, exempt: true };
  return { key: rateKey(line.isvRate), rate: line.isvRate, exempt: false };
}

/** Adds up the live credit notes of an invoice (the caller leaves annulled ones out). */
export function creditedSoFar(
  notes: readonly Pick<NoteAmounts, 'lines' | 'taxBreakdown' | 'exemptedAmount' | 'exoneratedAmount' | 'total'>[],
): CreditedSoFar {
  const credited: CreditedSoFar = {
    returned: new Map(),
    byRate: new Map(),
    exempt: ZERO,
    exonerated: ZERO,
    total: ZERO,
    discounts: new Map(),
  };
  for (const note of notes) {
    for (const line of note.lines) {
      if (line.invoiceLine !== null) {
        const r = credited.returned.get(line.invoiceLine) ?? {
          quantity: ZERO,
          importe: ZERO,
          discountAmount: ZERO,
          subTotal: ZERO,
          exemptAmount: ZERO,
        };
        credited.returned.set(line.invoiceLine, {
          quantity: r.quantity.plus(line.quantity),
          importe: r.importe.plus(line.importe),
          discountAmount: r.discountAmount.plus(line.discountAmount),
          subTotal: r.subTotal.plus(line.subTotal),
          exemptAmount: r.exemptAmount.plus(line.exemptAmount),
        });
      } else {
        const bucket = discountBucket(line);
        const d = credited.discounts.get(bucket.key) ?? { rate: bucket.rate, exempt: bucket.exempt, amount: ZERO };
        // Such a line has no discount of its own: its subtotal is its base at the rate, or its exempt amount.
        d.amount = d.amount.plus(line.subTotal);
        credited.discounts.set(bucket.key, d);
      }
    }
    for (const tax of note.taxBreakdown) {
      const key = rateKey(tax.rate);
      const r = credited.byRate.get(key) ?? { rate: tax.rate, base: ZERO, tax: ZERO };
      r.base = r.base.plus(tax.taxedAmount);
      r.tax = r.tax.plus(tax.taxAmount);
      credited.byRate.set(key, r);
    }
    credited.exempt = credited.exempt.plus(note.exemptedAmount);
    credited.exonerated = credited.exonerated.plus(note.exoneratedAmount);
    credited.total = credited.total.plus(note.total);
  }
  return credited;
}

import Big from 'big.js';
import { ZERO } from '../money';
import { amountsAt } from './pro-rata';
import { creditedSoFar, type CreditedSoFar } from './credited-so-far';
import {
  DISCOUNT_AFTER_SALE,
  LESS_CREDITED_DISCOUNTS,
  noteAmounts,
  ratePercent,
  type InvoiceForNotes,
  type NoteAmounts,
  type NoteLineAmounts,
} from './note-amounts';
import { rateKey, taxOf } from '../sale-amounts';

/** Why a note cannot be issued: a limit (`rate 15%: 90.00 left`), nothing left, or a bad request. */
export type NoteRefusalKind = 'limit' | 'nothing-left' | 'input';

export class NoteRefusal extends Error {
  constructor(
    readonly kind: NoteRefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'NoteRefusal';
  }
}

/** What a credit note credits: returned quantities, a discount after the sale, or all that is left. */
export type CreditRequest =
  | { kind: 'return'; returns: ReadonlyArray<{ position: number; quantity: Big }> }
  | { kind: 'discount'; amount: Big; rate: Big | null }
  | { kind: 'full' };

/** A quantity as the operator reads it: no trailing zeros. */
function quantityText(q: Big): string {
  return q.toFixed(Math.max(0, q.c.length - 1 - q.e));
}

function returnedLine(invoice: InvoiceForNotes, credited: CreditedSoFar, position: number, quantity: Big): NoteLineAmounts {
  const line = invoice.lines.find((l) => l.position === position);
  if (!line) throw new NoteRefusal('input', `the invoice has no line ${position} (it has ${invoice.lines.length})`);
  const before = credited.returned.get(position);
  const returnedQty = before?.quantity ?? ZERO;
  const left = line.quantity.minus(returnedQty);
  if (quantity.gt(left)) throw new NoteRefusal('limit', `line ${position}: ${quantityText(left)} left`);
  const after = amountsAt(line, returnedQty.plus(quantity));
  return {
    invoiceLine: position,
    code: line.code,
    description: line.description,
    quantity,
    unitPrice: line.unitPrice,
    importe: after.importe.minus(before?.importe ?? ZERO),
    discountAmount: after.discountAmount.minus(before?.discountAmount ?? ZERO),
    subTotal: after.subTotal.minus(before?.subTotal ?? ZERO),
    exemptAmount: after.exemptAmount.minus(before?.exemptAmount ?? ZERO),
    isvRate: line.isvRate,
  };
}

/** One line whose subtotal is `amount`, at a rate (a taxable base) or exempt (rate null). */
function amountLine(description: string, amount: Big, rate: Big | null): NoteLineAmounts {
  return {
    invoiceLine: null,
    code: null,
    description,
    quantity: new Big(1),
    unitPrice: amount,
    importe: amount,
    discountAmount: ZERO,
    subTotal: amount,
    exemptAmount: rate === null ? amount : ZERO,
    isvRate: rate,
  };
}

function linesOf(invoice: InvoiceForNotes, credited: CreditedSoFar, request: CreditRequest): NoteLineAmounts[] {
  switch (request.kind) {
    case 'return': {
      const seen = new Set<number>();
      return request.returns.map(({ position, quantity }) => {
        if (seen.has(position))
          throw new NoteRefusal('input', `line ${position} is returned twice in one note; give it once with the whole quantity`);
        seen.add(position);
        return returnedLine(invoice, credited, position, quantity);
      });
    }
    case 'discount':
      return [amountLine(DISCOUNT_AFTER_SALE, request.amount, request.rate)];
    case 'full': {
      const returns = invoice.lines.flatMap((line) => {
        const left = line.quantity.minus(credited.returned.get(line.position)?.quantity ?? ZERO);
        return left.gt(0) ? [returnedLine(invoice, credited, line.position, left)] : [];
      });
      if (returns.length === 0) throw new NoteRefusal('nothing-left', 'nothing is left to credit: every line is returned in full');
      const lessDiscounts = [...credited.discounts.values()]
        .filter((d) => !d.amount.eq(0))
        .sort((a, b) => (a.rate === null ? -1 : b.rate === null ? 1 : a.rate.cmp(b.rate)))
        .map((d) => amountLine(LESS_CREDITED_DISCOUNTS, d.amount.neg(), d.rate));
      return [...returns, ...lessDiscounts];
    }
  }
}

/**
 * A credit note of an invoice, given its earlier live credit notes: its lines and amounts, or a
 * NoteRefusal naming the first limit it would pass. The tax at each rate is the note's base
 * there at the rate, rounded, never more than the invoice's tax not yet credited, and exactly
 * that remainder when the note completes the base: so a fully credited invoice's notes add up
 * to its amounts to the cent, rate by rate.
 */
export function computeCreditNote(invoice: InvoiceForNotes, earlier: readonly NoteAmounts[], request: CreditRequest): NoteAmounts {
  const credited = creditedSoFar(earlier);
  const lines = linesOf(invoice, credited, request);
  const invoiceTax = new Map(invoice.taxes.map((t) => [rateKey(t.rate), t]));

  const note = noteAmounts(lines, invoice.exonerated, (rate, base) => {
    const key = rateKey(rate);
    const invoiceBase = invoiceTax.get(key)?.taxedAmount ?? ZERO;
    const taxLeft = (invoiceTax.get(key)?.taxAmount ?? ZERO).minus(credited.byRate.get(key)?.tax ?? ZERO);
    const baseAfter = (credited.byRate.get(key)?.base ?? ZERO).plus(base);
    if (baseAfter.eq(invoiceBase)) return taxLeft;
    const tax = taxOf(base, rate);
    return tax.gt(taxLeft) ? taxLeft : tax;
  });
  checkLimits(invoice, credited, note);
  if (note.total.lte(0)) throw new NoteRefusal('nothing-left', `the note would total L ${note.total.toFixed(2)}: nothing to credit`);
  return note;
}

/** The first limit the note passes, in the order lines, rates, exempt, exonerated, total. */
function checkLimits(invoice: InvoiceForNotes, credited: CreditedSoFar, note: NoteAmounts): void {
  const over = (already: Big, adding: Big, limit: Big) => already.plus(adding).gt(limit);
  for (const entry of note.taxBreakdown) {
    const key = rateKey(entry.rate);
    const invoiceBase = invoice.taxes.find((t) => rateKey(t.rate) === key)?.taxedAmount ?? ZERO;
    const already = credited.byRate.get(key)?.base ?? ZERO;
    if (over(already, entry.taxedAmount, invoiceBase))
      throw new NoteRefusal('limit', `rate ${ratePercent(entry.rate)}: ${invoiceBase.minus(already).toFixed(2)} left`);
  }
  if (over(credited.exempt, note.exemptedAmount, invoice.exemptedAmount)) {
    throw new NoteRefusal('limit', `exempt: ${invoice.exemptedAmount.minus(credited.exempt).toFixed(2)} left`);
  }
  if (over(credited.exonerated, note.exoneratedAmount, invoice.exoneratedAmount)) {
    throw new NoteRefusal('limit', `exonerated: ${invoice.exoneratedAmount.minus(credited.exonerated).toFixed(2)} left`);
  }
  if (over(credited.total, note.total, invoice.total))
    throw new NoteRefusal('limit', `total: ${invoice.total.minus(credited.total).toFixed(2)} left`);
}

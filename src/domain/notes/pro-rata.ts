import Big from 'big.js';
import type { InvoiceLineForNotes } from './note-amounts';

/**
 * round2(amount x c / q), computed exactly: the quotient is never rounded on its own, only the
 * result, half-up to cents. The operands have at most 4 decimals, so scaled to integers the
 * division is one exact integer division with its remainder.
 */
export function proRata2(amount: Big, c: Big, q: Big): Big {
  if (q.lte(0)) throw new RangeError('a line quantity is greater than 0');
  const negative = amount.lt(0);
  // amount x c x 100 / q, all as integers: scale numerator and denominator by 10^8 (4 + 4 decimals at most).
  const numerator = BigInt(amount.abs().times(c).times(100).times('1e8').round(0, Big.roundDown).toFixed(0));
  const denominator = BigInt(q.times('1e8').round(0, Big.roundDown).toFixed(0));
  if (
    !amount.abs().times(c).times(100).times('1e8').eq(new Big(numerator.toString())) ||
    !q.times('1e8').eq(new Big(denominator.toString()))
  ) {
    throw new RangeError('pro-rata operands have more decimals than amounts and quantities may');
  }
  // Half-up: floor((2n + d) / 2d).
  const cents = (2n * numerator + denominator) / (2n * denominator);
  const result = new Big(cents.toString()).div(100);
  return negative ? result.neg() : result;
}

/** A line's amounts at a returned quantity c of its quantity Q (each computed from the line's own amount). */
export interface AmountsAtQuantity {
  importe: Big;
  discountAmount: Big;
  subTotal: Big;
  exemptAmount: Big;
}

/**
 * The amounts of `c` units of an invoice line: importe(c) and discount(c) pro rata, subTotal(c)
 * their difference; exempt(c) is subTotal(c) on a line with no taxable base, else the pro-rata of
 * the line's exempt amount capped by subTotal(c). At c = Q these are the line's own amounts.
 */
export function amountsAt(line: InvoiceLineForNotes, c: Big): AmountsAtQuantity {
  const importe = proRata2(line.importe, c, line.quantity);
  const discountAmount = proRata2(line.discountAmount, c, line.quantity);
  const subTotal = importe.minus(discountAmount);
  const noTaxableBase = line.subTotal.minus(line.exemptAmount).eq(0);
  let exemptAmount = subTotal;
  if (!noTaxableBase) {
    const exemptPart = proRata2(line.exemptAmount, c, line.quantity);
    exemptAmount = exemptPart.lt(subTotal) ? exemptPart : subTotal;
  }
  return { importe, discountAmount, subTotal, exemptAmount };
}

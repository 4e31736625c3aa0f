import Big from 'big.js';
import { round2, sum, ZERO } from './money';

/**
 * The amounts every sale document (an invoice, a credit or debit note) has, whoever computes them:
 * the totals engine for an invoice, the notes' rule for a note, and the stored rows when the audit
 * or a note reads them back. One shape, so a rule written over amounts reads any of them.
 */

/** One line's amounts. */
export interface LineAmounts {
  quantity: Big;
  unitPrice: Big;
  importe: Big;
  discountAmount: Big;
  subTotal: Big;
  exemptAmount: Big;
  isvRate: Big | null;
}

/** One entry of a tax breakdown: the base and the ISV at one rate. */
export interface TaxEntry {
  rate: Big;
  taxedAmount: Big;
  taxAmount: Big;
}

/** A document's amounts over its lines. */
export interface DocumentAmounts<L extends LineAmounts> {
  lines: L[];
  importe: Big;
  discountTotal: Big;
  exemptedAmount: Big;
  exoneratedAmount: Big;
  /** Per rate with a base, rate ascending; empty on an exonerated document. */
  taxBreakdown: TaxEntry[];
  totalTaxes: Big;
  total: Big;
}

const PERCENT = new Big('0.01');

/** A line's taxable base: what is neither discounted nor exempt. */
export function taxableBase(line: Pick<LineAmounts, 'subTotal' | 'exemptAmount'>): Big {
  return line.subTotal.minus(line.exemptAmount);
}

/** The key a rate is grouped under (15, 15.0000 and "15" are one rate). */
export function rateKey(rate: Big): string {
  return rate.toString();
}

/** One rate's summed taxable base. */
export interface RateBase {
  rate: Big;
  base: Big;
}

/**
 * Taxable bases summed per ISV rate, lowest rate first, one entry per rate however it is written;
 * bases of zero (an exempt or fully discounted line) are left out, any other one counts. What a line with a base and no
 * rate means is its caller's to decide first (the engine and the notes refuse it, the audit
 * reports it).
 */
export function basesPerRate(bases: Iterable<RateBase>): RateBase[] {
  const byRate = new Map<string, RateBase>();
  for (const { rate, base } of bases) {
    if (base.eq(0)) continue;
    const key = rateKey(rate);
    byRate.set(key, { rate: byRate.get(key)?.rate ?? rate, base: (byRate.get(key)?.base ?? ZERO).plus(base) });
  }
  return [...byRate.values()].sort((a, b) => a.rate.cmp(b.rate));
}

/** The ISV of a base at a rate (a percent), rounded half-up to cents. */
export function taxOf(base: Big, rate: Big): Big {
  return round2(base.times(rate).times(PERCENT));
}

/**
 * A document's sums over its priced lines and its tax breakdown, alike for an invoice and a note:
 * on an exonerated document every taxable base is exonerated; the total is importe less discounts
 * plus taxes.
 */
export function documentAmounts<L extends LineAmounts>(lines: L[], taxBreakdown: TaxEntry[], exonerated: boolean): DocumentAmounts<L> {
  const importe = sum(lines.map((l) => l.importe));
  const discountTotal = sum(lines.map((l) => l.discountAmount));
  const totalTaxes = sum(taxBreakdown.map((t) => t.taxAmount));
  return {
    lines,
    importe,
    discountTotal,
    exemptedAmount: sum(lines.map((l) => l.exemptAmount)),
    exoneratedAmount: exonerated ? sum(lines.map(taxableBase)) : ZERO,
    taxBreakdown,
    totalTaxes,
    total: importe.minus(discountTotal).plus(totalTaxes),
  };
}

const big = (v: unknown) => new Big(String(v));

/** A stored line's amounts (DECIMAL columns as the driver or a view gives them: exact strings). */
export function storedLineAmounts(stored: Partial<Record<keyof LineAmounts, unknown>>): LineAmounts {
  return {
    quantity: big(stored.quantity),
    unitPrice: big(stored.unitPrice),
    importe: big(stored.importe),
    discountAmount: big(stored.discountAmount),
    subTotal: big(stored.subTotal),
    exemptAmount: big(stored.exemptAmount),
    isvRate: stored.isvRate === null || stored.isvRate === undefined ? null : big(stored.isvRate),
  };
}

/** A stored tax breakdown entry. */
export function storedTaxEntry(stored: Partial<Record<keyof TaxEntry, unknown>>): TaxEntry {
  return { rate: big(stored.rate), taxedAmount: big(stored.taxedAmount), taxAmount: big(stored.taxAmount) };
}

/** A sale was exonerated when it carries an exonerated amount or one of the exonerated buyer's references. */
export function wasExonerated(exoneratedAmount: Big, references: ReadonlyArray<string | null | undefined>): boolean {
  return exoneratedAmount.gt(0) || references.some((r) => r !== null && r !== undefined);
}

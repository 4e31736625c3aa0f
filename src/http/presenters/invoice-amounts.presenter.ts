import { toNumber } from '../../domain/money';
import type { InvoiceTotals, TaxEntry } from '../../domain/totals-engine';

/** Amounts as JSON numbers: 2 decimals, unit price and quantity 4 (decision 1). */
export function presentTaxBreakdown(entries: TaxEntry[]) {
  return entries.map((t) => ({ rate: toNumber(t.rate, 4), taxAmount: toNumber(t.taxAmount), taxedAmount: toNumber(t.taxedAmount) }));
}

export function presentTotals(totals: InvoiceTotals) {
  return {
    importe: toNumber(totals.importe),
    discountTotal: toNumber(totals.discountTotal),
    exemptedAmount: toNumber(totals.exemptedAmount),
    exoneratedAmount: toNumber(totals.exoneratedAmount),
    totalTaxes: toNumber(totals.totalTaxes),
    total: toNumber(totals.total),
  };
}

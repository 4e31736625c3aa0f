import type { DocumentAmounts, LineAmounts, TaxEntry } from '../../../domain/sale-amounts';

/**
 * Amounts as a sale document stores, answers and prints them: money at 2 decimals, quantities,
 * unit prices and rates at 4 (the DECIMAL columns' scales). One home, so an invoice and a note
 * cannot round a column differently.
 */

/** The document's sums. */
export function storedSums(amounts: Omit<DocumentAmounts<LineAmounts>, 'lines' | 'taxBreakdown'>) {
  return {
    importe: amounts.importe.toFixed(2),
    discountTotal: amounts.discountTotal.toFixed(2),
    exemptedAmount: amounts.exemptedAmount.toFixed(2),
    exoneratedAmount: amounts.exoneratedAmount.toFixed(2),
    totalTaxes: amounts.totalTaxes.toFixed(2),
    total: amounts.total.toFixed(2),
  };
}

/** One line's amounts. */
export function storedLine(line: LineAmounts) {
  return {
    quantity: line.quantity.toFixed(4),
    unitPrice: line.unitPrice.toFixed(4),
    importe: line.importe.toFixed(2),
    discountAmount: line.discountAmount.toFixed(2),
    subTotal: line.subTotal.toFixed(2),
    exemptAmount: line.exemptAmount.toFixed(2),
    isvRate: line.isvRate?.toFixed(4) ?? null,
  };
}

/** The tax breakdown. */
export function storedTaxes(taxBreakdown: readonly TaxEntry[]) {
  return taxBreakdown.map((tax) => ({
    rate: tax.rate.toFixed(4),
    taxedAmount: tax.taxedAmount.toFixed(2),
    taxAmount: tax.taxAmount.toFixed(2),
  }));
}

import Big from 'big.js';
import { toNumber } from '../../domain/money';
import type { InvoiceContent, InvoiceView } from '../../services/sales';

/** What an invoice and its preview both answer: stored strings, or the content about to be stored. */
type PresentableSale = Omit<InvoiceContent, 'lines'> & { lines: Array<InvoiceView['lines'][number] & { exemptAmount?: string }> };

/** A decimal string as a JSON number: 2 decimals for amounts, 4 for unit price, quantity and rates (decision 1). */
const amount = (value: string, places: 2 | 4 = 2) => toNumber(new Big(value), places);

/**
 * The sale's fields of the Invoice and Preview resources, in one mapping so the two never drift.
 * A stored line carries no exempt amount of its own (the GET answers null by design); a
 * preview's line does.
 */
export function presentSale(sale: PresentableSale) {
  return {
    invoiceDate: sale.invoiceDate.toISOString(),
    clientId: sale.clientId,
    // A buyer identified in the request: its name is what the invoice stores as the client's.
    buyer:
      sale.buyerIdType === null || sale.buyerIdNumber === null || sale.clientName === null
        ? null
        : { name: sale.clientName, idType: sale.buyerIdType, idNumber: sale.buyerIdNumber },
    purchaseOrderNumber: sale.purchaseOrderNumber,
    exemptPurchaseOrderNumber: sale.exemptPurchaseOrderNumber,
    importe: amount(sale.importe),
    discountTotal: amount(sale.discountTotal),
    exemptedAmount: amount(sale.exemptedAmount),
    exoneratedAmount: amount(sale.exoneratedAmount),
    totalTaxes: amount(sale.totalTaxes),
    total: amount(sale.total),
    totalInLetters: sale.totalInLetters,
    appliedDollarExchangeRate: sale.appliedDollarExchangeRate === null ? null : amount(sale.appliedDollarExchangeRate, 4),
    taxBreakdown: sale.taxes.map((t) => ({ rate: amount(t.rate, 4), taxAmount: amount(t.taxAmount), taxedAmount: amount(t.taxedAmount) })),
    lines: sale.lines.map((line) => ({
      externalProductId: line.externalProductId,
      quantity: amount(line.quantity, 4),
      unitPrice: amount(line.unitPrice, 4),
      importe: amount(line.importe),
      discountAmount: amount(line.discountAmount),
      subTotal: amount(line.subTotal),
      exemptAmount: line.exemptAmount === undefined ? null : amount(line.exemptAmount),
    })),
  };
}

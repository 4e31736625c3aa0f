import Big from 'big.js';
import { toNumber } from '../../domain/money';
import type { InvoiceView } from '../../services/invoicing/invoice-view';

const amount = (value: string) => toNumber(new Big(value));

/**
 * The Invoice resource from the stored rows, so POST, its replays and GET answer the same
 * document. Lines carry exemptAmount null (computed in previews only).
 */
export function presentInvoice(invoice: InvoiceView, extra: { replayed: boolean; pdf: Buffer | null }) {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    fiscalNumber: invoice.fiscalNumber,
    cai: invoice.cai,
    invoiceDate: invoice.invoiceDate.toISOString(),
    clientId: invoice.clientId,
    purchaseOrderNumber: invoice.purchaseOrderNumber,
    exemptPurchaseOrderNumber: invoice.exemptPurchaseOrderNumber,
    importe: amount(invoice.importe),
    discountTotal: amount(invoice.discountTotal),
    exemptedAmount: amount(invoice.exemptedAmount),
    exoneratedAmount: amount(invoice.exoneratedAmount),
    totalTaxes: amount(invoice.totalTaxes),
    total: amount(invoice.total),
    totalInLetters: invoice.totalInLetters,
    appliedDollarExchangeRate: invoice.appliedDollarExchangeRate === null ? null : toNumber(new Big(invoice.appliedDollarExchangeRate), 4),
    isPaid: invoice.isPaid,
    isAnnulled: invoice.isAnnulled,
    taxBreakdown: invoice.taxes.map((t) => ({ rate: toNumber(new Big(t.rate), 4), taxAmount: amount(t.taxAmount), taxedAmount: amount(t.taxedAmount) })),
    lines: invoice.lines.map((line) => ({
      externalProductId: line.externalProductId,
      quantity: toNumber(new Big(line.quantity), 4),
      unitPrice: toNumber(new Big(line.unitPrice), 4),
      importe: amount(line.importe),
      discountAmount: amount(line.discountAmount),
      subTotal: amount(line.subTotal),
      exemptAmount: null,
    })),
    replayed: extra.replayed,
    pdfBase64: extra.pdf ? extra.pdf.toString('base64') : null,
  };
}

import { toNumber } from '../../domain/money';
import type { InvoicePreview } from '../../services/invoicing/invoice-preview.service';
import { presentTaxBreakdown, presentTotals } from './invoice-amounts.presenter';

/** The Preview response: no id, invoiceNumber, cai or replayed. */
export function presentPreview({ priced, pdf }: InvoicePreview) {
  const { totals } = priced;
  return {
    preview: true,
    invoiceDate: priced.request.invoiceDate.toISOString(),
    clientId: priced.sale.client?.id ?? null,
    purchaseOrderNumber: priced.request.purchaseOrderNumber,
    exemptPurchaseOrderNumber: priced.request.exemptPurchaseOrderNumber,
    ...presentTotals(totals),
    totalInLetters: priced.totalInLetters,
    appliedDollarExchangeRate: totals.appliedDollarExchangeRate ? toNumber(totals.appliedDollarExchangeRate, 4) : null,
    taxBreakdown: presentTaxBreakdown(totals.taxBreakdown),
    lines: totals.lines.map((line, i) => ({
      externalProductId: priced.lines[i].item.externalProductId,
      quantity: toNumber(line.quantity, 4),
      unitPrice: toNumber(line.unitPrice, 4),
      importe: toNumber(line.importe),
      discountAmount: toNumber(line.discountAmount),
      subTotal: toNumber(line.subTotal),
      exemptAmount: toNumber(line.exemptAmount),
    })),
    pdfBase64: pdf ? pdf.toString('base64') : null,
  };
}

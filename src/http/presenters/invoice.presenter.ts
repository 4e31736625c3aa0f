import type { InvoiceView } from '../../services/sales';
import { presentSale } from './invoice-amounts.presenter';

/**
 * The Invoice resource from the stored rows, so POST, its replays and GET answer the same
 * document. Lines carry exemptAmount null (computed in previews only).
 */
export function presentInvoice(invoice: InvoiceView, extra: { replayed: boolean; pdf: Buffer | null }) {
  const { taxBreakdown, lines, ...sale } = presentSale(invoice);
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    fiscalNumber: invoice.fiscalNumber,
    cai: invoice.cai,
    ...sale,
    isPaid: invoice.isPaid,
    isAnnulled: invoice.isAnnulled,
    taxBreakdown,
    lines,
    replayed: extra.replayed,
    pdfBase64: extra.pdf ? extra.pdf.toString('base64') : null,
  };
}

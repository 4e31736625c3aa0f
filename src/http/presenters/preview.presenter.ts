import type { InvoicePreview } from '../../services/sales';
import { presentSale } from './invoice-amounts.presenter';

/** The Preview response: the sale as it would be issued, with no id, invoiceNumber, cai or replayed. */
export function presentPreview({ content, pdf }: InvoicePreview) {
  return { preview: true, ...presentSale(content), pdfBase64: pdf ? pdf.toString('base64') : null };
}

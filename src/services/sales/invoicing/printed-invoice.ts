import Big from 'big.js';
import { verificationUrl } from '../../../domain/verification-token';
import type { PrintedOf } from '../../../pdf/template-data';
import type { InvoiceContent } from './invoice-factory';
import type { InvoiceView } from './invoice-view';
import type { FixedVersions, IssuedRenderInputs } from '../../documents';
import { printedSale, type SaleNumbering } from '../sale-documents/printed-sale';

/** What an invoice prints, stored or not yet numbered: the fields a preview's content and a stored invoice share. */
type PrintableInvoice = Omit<InvoiceContent, 'lines'> & { lines: InvoiceView['lines'] };

/**
 * The one mapping from an invoice to its print model. A preview prints the priced content as it
 * will be issued, without a number; an issued invoice prints as issued, not as the company reads
 * today.
 */
function printed(invoice: PrintableInvoice, numbering: SaleNumbering | null): PrintedOf<'invoice'> {
  return {
    documentType: 'invoice',
    ...printedSale('invoice', invoice, invoice.invoiceDate, numbering),
    purchaseOrderNumber: invoice.purchaseOrderNumber,
    exchangeRate: invoice.appliedDollarExchangeRate === null ? null : new Big(invoice.appliedDollarExchangeRate).toFixed(),
    exoneration: {
      exemptPurchaseOrderNumber: invoice.exemptPurchaseOrderNumber,
      certificate: invoice.exonerationCertificate,
      sagRegistry: invoice.exonerationSagRegistry,
    },
  };
}

/** What a priced sale that has no number yet prints: a preview. */
export function printedPreview(content: InvoiceContent): PrintedOf<'invoice'> {
  return printed(content, null);
}

/** What an issued invoice prints, from its stored rows only: its verification address too (decision 70). */
export function printedInvoiceOf(invoice: InvoiceView): PrintedOf<'invoice'> {
  return printed(invoice, { ...invoice, verificationUrl: verificationUrl(invoice.verificationBaseUrl, invoice.verificationToken) });
}

/**
 * The render inputs of an issued invoice, from its stored rows only (a pure function). Its
 * versions must be fixed: TemplateVersionStore.fixOn sees to it for older invoices.
 */
export function issuedRenderInputs(invoice: InvoiceView & { versions: FixedVersions }): IssuedRenderInputs {
  return { printed: printedInvoiceOf(invoice), versions: invoice.versions };
}

import Big from 'big.js';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import { verificationUrl } from '../../../domain/verification-token';
import type { PrintedOf } from '../../../pdf/template-data';
import type { InvoiceContent } from './invoice-factory';
import type { InvoiceView } from './invoice-view';
import type { FixedVersions, IssuedRenderInputs } from '../../documents';

/** What an invoice prints, stored or not yet numbered: the fields a preview's content and a stored invoice share. */
type PrintableInvoice = Omit<InvoiceContent, 'lines'> & { lines: InvoiceView['lines'] };

/** What numbers an issued invoice: absent on a preview. */
type InvoiceNumbering = Pick<InvoiceView, 'fiscalNumber' | 'cai' | 'caiRangeStart' | 'caiRangeEnd' | 'caiDeadline' | 'isAnnulled'>;

/**
 * The one mapping from an invoice to its print model. A preview prints the priced content as it
 * will be issued, without a number; an issued invoice prints as issued, not as the company reads
 * today.
 */
function printed(invoice: PrintableInvoice, numbering: (InvoiceNumbering & { verificationUrl: string }) | null): PrintedOf<'invoice'> {
  const printedNumber = (n: number) => formatFiscalNumber(invoice.establishmentCode, invoice.emissionPointCode, 'invoice', n);
  return {
    documentType: 'invoice',
    preview: numbering === null,
    ...(numbering && {
      annulled: numbering.isAnnulled,
      fiscalNumber: numbering.fiscalNumber,
      cai: numbering.cai,
      range: { from: printedNumber(numbering.caiRangeStart), to: printedNumber(numbering.caiRangeEnd) },
      deadline: numbering.caiDeadline,
      verificationUrl: numbering.verificationUrl,
    }),
    issuer: {
      name: invoice.issuerName,
      tradeName: invoice.issuerTradeName,
      rtn: invoice.issuerRtn,
      address: invoice.issuerAddress ?? '',
      phone: invoice.issuerPhone,
      email: invoice.issuerEmail,
      establishment: { code: invoice.establishmentCode, name: invoice.establishmentName, address: invoice.establishmentAddress },
    },
    issuedAt: invoice.invoiceDate,
    client: invoice.clientName ? { name: invoice.clientName, rtn: invoice.clientLegalId } : null,
    purchaseOrderNumber: invoice.purchaseOrderNumber,
    lines: invoice.lines.map((line) => ({
      code: line.productCode,
      description: line.description,
      quantity: new Big(line.quantity).toFixed(),
      unitPrice: new Big(line.unitPrice).toFixed(),
      discount: line.discountAmount,
      amount: line.importe,
    })),
    totals: {
      importe: invoice.importe,
      discount: invoice.discountTotal,
      exonerated: invoice.exoneratedAmount,
      exempt: invoice.exemptedAmount,
      taxBreakdown: invoice.taxes.map((t) => ({ rate: new Big(t.rate).toFixed(), taxedAmount: t.taxedAmount, taxAmount: t.taxAmount })),
      total: invoice.total,
    },
    totalInLetters: invoice.totalInLetters,
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

import Big from 'big.js';
import { formatFiscalNumber } from '../../domain/fiscal-number';
import type { Establishment, Invoice } from '../../entities';
import type { PrintedInvoice } from '../../pdf/template-data';
import type { InvoiceView } from './invoice-view';
import type { PricedInvoice } from '../pricing/invoice-pricer.service';
import type { FixedVersions } from '../template-versions.service';

/**
 * Everything an issued invoice's PDF is rendered from, all of it stored: the printed invoice from
 * its rows (lines, taxes, annulled flag included) and the template and logo versions fixed at
 * issue. Equal inputs give the same PDF, so it may be cached under them.
 */
export interface IssuedRenderInputs {
  printed: PrintedInvoice;
  versions: FixedVersions;
}

/** The issuer block of a printed invoice, from the company and the issuing establishment. */
export function issuerOf(company: Invoice['company'], establishment: Pick<Establishment, 'code' | 'name' | 'address'>): PrintedInvoice['issuer'] {
  return {
    name: company.name, tradeName: company.tradeName, rtn: company.rtn, address: company.address ?? '', phone: company.phone, email: company.email,
    establishment: { code: establishment.code, name: establishment.name, address: establishment.address },
  };
}

/** What a priced sale that has no number yet prints: a preview. */
export function printedPreview(priced: PricedInvoice): PrintedInvoice {
  const { totals, sale, config, request } = priced;
  return {
    kind: 'preview',
    issuer: issuerOf(config.company, config.establishment),
    issuedAt: request.invoiceDate,
    client: sale.client ? { name: sale.client.clientName, rtn: sale.client.legalId } : null,
    purchaseOrderNumber: request.purchaseOrderNumber,
    lines: priced.lines.map((line, i) => ({
      code: line.product.code,
      description: line.product.name,
      quantity: totals.lines[i].quantity.toFixed(),
      unitPrice: totals.lines[i].unitPrice.toFixed(),
      discount: totals.lines[i].discountAmount.toFixed(2),
      amount: totals.lines[i].importe.toFixed(2),
    })),
    totals: {
      importe: totals.importe.toFixed(2),
      discount: totals.discountTotal.toFixed(2),
      exonerated: totals.exoneratedAmount.toFixed(2),
      exempt: totals.exemptedAmount.toFixed(2),
      taxBreakdown: totals.taxBreakdown.map((t) => ({ rate: t.rate.toFixed(), taxedAmount: t.taxedAmount.toFixed(2), taxAmount: t.taxAmount.toFixed(2) })),
      total: totals.total.toFixed(2),
    },
    totalInLetters: priced.totalInLetters,
    exchangeRate: totals.appliedDollarExchangeRate?.toFixed() ?? null,
    exoneration: {
      exemptPurchaseOrderNumber: request.exemptPurchaseOrderNumber,
      certificate: sale.exonerationCertificate,
      sagRegistry: sale.exonerationSagRegistry,
    },
  };
}

/** What an issued invoice prints, from its stored rows only. */
export function printedInvoiceOf(invoice: InvoiceView): PrintedInvoice {
  const printed = (n: number) => formatFiscalNumber(invoice.establishmentCode, invoice.emissionPointCode, 'invoice', n);
  return {
    kind: 'invoice',
    annulled: invoice.isAnnulled,
    // As issued, not as the company reads today.
    issuer: {
      name: invoice.issuerName,
      tradeName: invoice.issuerTradeName,
      rtn: invoice.issuerRtn,
      address: invoice.issuerAddress ?? '',
      phone: invoice.issuerPhone,
      email: invoice.issuerEmail,
      establishment: { code: invoice.establishmentCode, name: invoice.establishmentName, address: invoice.establishmentAddress },
    },
    fiscalNumber: invoice.fiscalNumber,
    cai: invoice.cai,
    range: { from: printed(invoice.caiRangeStart), to: printed(invoice.caiRangeEnd) },
    deadline: invoice.caiDeadline,
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

/**
 * The render inputs of an issued invoice, from its stored rows only (a pure function). Its
 * versions must be fixed: TemplateVersionStore.fixOn sees to it for older invoices.
 */
export function issuedRenderInputs(invoice: InvoiceView & { versions: FixedVersions }): IssuedRenderInputs {
  return { printed: printedInvoiceOf(invoice), versions: invoice.versions };
}

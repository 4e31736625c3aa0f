import { EntityManager } from '@mikro-orm/mysql';
import { formatFiscalNumber } from '../../domain/fiscal-number';
import { Company, Invoice, InvoiceLine, InvoiceTax, TemplateVersion } from '../../entities';
import type { PricedInvoice } from '../pricing/invoice-pricer.service';
import type { FixedVersions } from '../template-versions.service';
import type { TakenNumber } from '../documents/numbering';

/**
 * The rows of an issued invoice, as the totals engine priced it. Everything printed is copied
 * (issuer, CAI range and deadline, client name and RTN, the exonerated buyer's references,
 * product code and name) and the template and logo versions are recorded, so the document
 * never changes when the setup or the letterhead does.
 */
export function createInvoiceRows(em: EntityManager, companyId: number, priced: PricedInvoice, taken: TakenNumber, versions: FixedVersions | null): Invoice {
  const { totals, config, sale, request } = priced;
  const invoice = em.create(Invoice, {
    company: em.getReference(Company, companyId),
    emissionPoint: config.emissionPoint,
    caiRange: taken.range,
    cai: taken.range.cai,
    invoiceNumber: taken.number,
    fiscalNumber: formatFiscalNumber(config.establishment.code, config.emissionPoint.code, 'invoice', taken.number),
    invoiceDate: request.invoiceDate,
    issuerName: config.company.name,
    issuerTradeName: config.company.tradeName,
    issuerRtn: config.company.rtn,
    issuerAddress: config.company.address,
    issuerPhone: config.company.phone,
    issuerEmail: config.company.email,
    establishmentName: config.establishment.name,
    establishmentAddress: config.establishment.address,
    caiRangeStart: taken.range.rangeStart,
    caiRangeEnd: taken.range.rangeEnd,
    caiDeadline: taken.range.deadline,
    client: sale.client,
    clientName: sale.client?.clientName ?? null,
    clientLegalId: sale.client?.legalId ?? null,
    exonerationCertificate: sale.exonerationCertificate,
    exonerationSagRegistry: sale.exonerationSagRegistry,
    exemptPurchaseOrderNumber: request.exemptPurchaseOrderNumber,
    purchaseOrderNumber: request.purchaseOrderNumber,
    importe: totals.importe.toFixed(2),
    discountTotal: totals.discountTotal.toFixed(2),
    exemptedAmount: totals.exemptedAmount.toFixed(2),
    exoneratedAmount: totals.exoneratedAmount.toFixed(2),
    totalTaxes: totals.totalTaxes.toFixed(2),
    total: totals.total.toFixed(2),
    totalInLetters: priced.totalInLetters,
    appliedDollarExchangeRate: totals.appliedDollarExchangeRate?.toFixed(4) ?? null,
    creatorUser: config.creatorUser,
    paymentTerminal: config.paymentTerminal!,
    priceList: config.priceList,
    templateVersion: versions && em.getReference(TemplateVersion, versions.templateVersionId),
    logoVersion: versions?.logoVersionId ? em.getReference(TemplateVersion, versions.logoVersionId) : null,
  });
  totals.lines.forEach((line, i) => {
    const { item, product } = priced.lines[i];
    invoice.lines.add(
      em.create(InvoiceLine, {
        invoice,
        lineNumber: i + 1,
        product,
        externalProductId: item.externalProductId,
        productCode: product.code,
        description: product.name,
        quantity: line.quantity.toFixed(4),
        unitPrice: line.unitPrice.toFixed(4),
        importe: line.importe.toFixed(2),
        discountAmount: line.discountAmount.toFixed(2),
        subTotal: line.subTotal.toFixed(2),
        exemptAmount: line.exemptAmount.toFixed(2),
        isvRate: line.isvRate?.toFixed(4) ?? null,
      }),
    );
  });
  for (const tax of totals.taxBreakdown) {
    invoice.taxes.add(em.create(InvoiceTax, { invoice, rate: tax.rate.toFixed(4), taxedAmount: tax.taxedAmount.toFixed(2), taxAmount: tax.taxAmount.toFixed(2) }));
  }
  return invoice;
}

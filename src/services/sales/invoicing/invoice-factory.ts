import type { MetadataSource } from '../../../db/lean-select';
import { DocumentRowsInsert } from '../../../db/lean-insert';
import type { SqlTransaction } from '../../../db/sql-client';
import { printedBuyerId } from '../../../domain/buyer-identity';
import { formatFiscalNumber } from '../../../domain/fiscal-number';
import { Invoice, InvoiceLine, InvoiceTax } from '../../../entities';
import type { DocumentIssue } from '../../documents';
import type { PricedInvoice } from '../pricing/invoice-pricer.service';
import {
  INVOICE_LINE_VIEW_FIELDS,
  INVOICE_TAX_VIEW_FIELDS,
  INVOICE_VIEW_FIELDS,
  type InvoiceLineView,
  type InvoiceView,
} from './invoice-view';
import { SALE_DOCUMENT_WRITTEN_FIELDS, writtenFields } from '../sale-documents/sale-document-fields';
import { storedLine, storedSums, storedTaxes } from '../sale-documents/stored-amounts';
import { numberedFields } from '../sale-documents/numbered-fields';

/** A line as stored: what the invoice view answers, plus what only the record keeps. */
export interface InvoiceLineContent extends InvoiceLineView {
  lineNumber: number;
  productId: number;
  exemptAmount: string;
  isvRate: string | null;
}

/**
 * A priced sale as an invoice stores and prints it, before it has a number: everything printed
 * is copied (issuer, establishment, client name and RTN or the buyer's name and identification, the exonerated buyer's references,
 * product code and name), so the document never changes when the setup does. A preview prints
 * it as it is; issuing adds the number and writes it.
 */
export type InvoiceContent = Omit<
  InvoiceView,
  | 'id'
  | 'invoiceNumber'
  | 'fiscalNumber'
  | 'cai'
  | 'caiRangeStart'
  | 'caiRangeEnd'
  | 'caiDeadline'
  | 'versions'
  | 'isPaid'
  | 'isAnnulled'
  | 'verificationToken'
  | 'verificationBaseUrl'
  | 'lines'
> & {
  lines: InvoiceLineContent[];
};

/** The one mapping from a priced sale to what an invoice says. */
export function invoiceContentOf(priced: PricedInvoice): InvoiceContent {
  const { totals, config, sale, request } = priced;
  const { buyer } = request;
  return {
    invoiceDate: request.invoiceDate,
    issuerName: config.company.name,
    issuerTradeName: config.company.tradeName,
    issuerRtn: config.company.rtn,
    issuerAddress: config.company.address,
    issuerPhone: config.company.phone,
    issuerEmail: config.company.email,
    establishmentCode: config.establishment.code,
    establishmentName: config.establishment.name,
    establishmentAddress: config.establishment.address,
    emissionPointCode: config.emissionPoint.code,
    clientId: sale.client?.id ?? null,
    // A sale has a client or a buyer, never both (the request parser refuses both).
    clientName: sale.client?.clientName ?? buyer?.name ?? null,
    clientLegalId: sale.client?.legalId ?? (buyer ? printedBuyerId(buyer) : null),
    buyerIdType: buyer?.idType ?? null,
    buyerIdNumber: buyer?.idNumber ?? null,
    exonerationCertificate: sale.exonerationCertificate,
    exonerationSagRegistry: sale.exonerationSagRegistry,
    exemptPurchaseOrderNumber: request.exemptPurchaseOrderNumber,
    purchaseOrderNumber: request.purchaseOrderNumber,
    ...storedSums(totals),
    totalInLetters: priced.totalInLetters,
    appliedDollarExchangeRate: totals.appliedDollarExchangeRate?.toFixed(4) ?? null,
    lines: totals.lines.map((line, i) => {
      const { item, product } = priced.lines[i];
      return {
        lineNumber: i + 1,
        productId: product.id,
        externalProductId: item.externalProductId,
        productCode: product.code,
        description: product.name,
        ...storedLine(line),
      };
    }),
    taxes: storedTaxes(totals.taxBreakdown),
  };
}

/** The invoice columns written at issue, by property (relations by id). */
const INVOICE_COLUMNS = [
  ...INVOICE_VIEW_FIELDS.filter((f): f is Exclude<typeof f, 'id'> => f !== 'id'),
  ...SALE_DOCUMENT_WRITTEN_FIELDS,
  'client',
  'creatorUser',
  'paymentTerminal',
  'priceList',
] as const satisfies ReadonlyArray<keyof Invoice>;
const LINE_COLUMNS = [
  'invoice',
  'lineNumber',
  'product',
  ...INVOICE_LINE_VIEW_FIELDS,
  'exemptAmount',
  'isvRate',
] as const satisfies ReadonlyArray<keyof InvoiceLine>;
const TAX_COLUMNS = ['invoice', ...INVOICE_TAX_VIEW_FIELDS] as const satisfies ReadonlyArray<keyof InvoiceTax>;

/**
 * Writes an issued invoice in three statements (the invoice, its lines, its taxes: multi-row
 * INSERTs) inside the numbered write's transaction, and answers its view from what it wrote,
 * not read back. Below the unit of work: a new invoice changes nothing any cache holds (a 404 is
 * never cached), and the ORM's flush would cost more than the write itself (decision 49).
 */
export class InvoiceRowWriter {
  private readonly rows;

  constructor(source: MetadataSource) {
    this.rows = DocumentRowsInsert.of(
      source,
      [Invoice, INVOICE_COLUMNS],
      [InvoiceLine, LINE_COLUMNS],
      [InvoiceTax, TAX_COLUMNS],
      'invoice',
    );
  }

  async insert(
    tx: SqlTransaction,
    companyId: number,
    priced: PricedInvoice,
    content: InvoiceContent,
    taken: DocumentIssue,
  ): Promise<InvoiceView> {
    const { config } = priced;
    // The issuing configuration always has one (integrationConfigOf refuses to issue without it).
    if (config.paymentTerminal === null) throw new Error('an invoice is issued with a payment terminal');
    const { lines, ...head } = content;
    const view: Omit<InvoiceView, 'id'> = {
      ...head,
      lines: lines.map(({ lineNumber: _n, productId: _p, exemptAmount: _e, isvRate: _r, ...shown }) => shown),
      invoiceNumber: taken.number,
      fiscalNumber: formatFiscalNumber(content.establishmentCode, content.emissionPointCode, 'invoice', taken.number),
      ...numberedFields(taken),
      isPaid: true,
      isAnnulled: false,
    };
    const invoiceRow = {
      ...view,
      ...writtenFields(companyId, config.emissionPoint.id, taken),
      client: content.clientId,
      creatorUser: config.creatorUser.id,
      paymentTerminal: config.paymentTerminal.id,
      priceList: config.priceList.id,
    };
    const id = await this.rows.insert(
      tx,
      invoiceRow,
      lines.map((line) => ({ ...line, product: line.productId })),
      content.taxes,
    );
    return { ...view, id };
  }
}

import type { Invoice, InvoiceLine, InvoiceTax } from '../../../entities';
import type { FixedVersions } from '../../documents';
import { SALE_DOCUMENT_VIEW_FIELDS, SALE_LINE_FIELDS, SALE_TAX_FIELDS } from '../sale-documents/sale-document-fields';

/**
 * The stored columns an issued invoice is answered (JSON) and printed (PDF) with. One list per
 * table: the reader selects exactly these columns, and POST answers the same properties from
 * the rows it has just written (InvoiceRowWriter), so both answer the same document. A field only
 * an invoice has is added here once; one every sale document has, in SALE_DOCUMENT_VIEW_FIELDS.
 */
export const INVOICE_VIEW_FIELDS = [
  ...SALE_DOCUMENT_VIEW_FIELDS,
  'invoiceNumber',
  'invoiceDate',
  'buyerIdType',
  'buyerIdNumber',
  'purchaseOrderNumber',
  'appliedDollarExchangeRate',
  'isPaid',
] as const satisfies ReadonlyArray<keyof Invoice>;

export const INVOICE_LINE_VIEW_FIELDS = ['externalProductId', 'productCode', ...SALE_LINE_FIELDS] as const satisfies ReadonlyArray<
  keyof InvoiceLine
>;

export const INVOICE_TAX_VIEW_FIELDS = SALE_TAX_FIELDS satisfies ReadonlyArray<keyof InvoiceTax>;

export type InvoiceLineView = Pick<InvoiceLine, (typeof INVOICE_LINE_VIEW_FIELDS)[number]>;
export type InvoiceTaxView = Pick<InvoiceTax, (typeof INVOICE_TAX_VIEW_FIELDS)[number]>;

/** An issued invoice as stored: plain data, lines by line number, taxes by rate. */
export type InvoiceView = Pick<Invoice, (typeof INVOICE_VIEW_FIELDS)[number]> & {
  clientId: number | null;
  /** EEE and PPP of the printed numbers (the CAI range is printed with them). */
  establishmentCode: string;
  emissionPointCode: string;
  /** The template and logo versions it prints with; null until fixed (see TemplateVersionStore.fixOn). */
  versions: FixedVersions | null;
  lines: InvoiceLineView[];
  taxes: InvoiceTaxView[];
};

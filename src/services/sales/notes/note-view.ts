import type { Note, NoteLine, NoteTax } from '../../../entities';
import type { FixedVersions } from '../../documents';

/** The stored columns a note is shown (JSON, list) and printed (PDF) with: one list per table. */
export const NOTE_VIEW_FIELDS = [
  'id',
  'documentType',
  'noteNumber',
  'fiscalNumber',
  'cai',
  'noteDate',
  'caiRangeStart',
  'caiRangeEnd',
  'caiDeadline',
  'issuerName',
  'issuerTradeName',
  'issuerRtn',
  'issuerAddress',
  'issuerPhone',
  'issuerEmail',
  'establishmentName',
  'establishmentAddress',
  'invoiceFiscalNumber',
  'invoiceCai',
  'invoiceDate',
  'clientName',
  'clientLegalId',
  'isExonerated',
  'exonerationCertificate',
  'exonerationSagRegistry',
  'exemptPurchaseOrderNumber',
  'reason',
  'importe',
  'discountTotal',
  'exemptedAmount',
  'exoneratedAmount',
  'totalTaxes',
  'total',
  'totalInLetters',
  'isAnnulled',
  'annulledAt',
  'annulReason',
  'verificationToken',
  'verificationBaseUrl',
] as const satisfies ReadonlyArray<keyof Note>;

export const NOTE_LINE_VIEW_FIELDS = [
  'lineNumber',
  'invoiceLineNumber',
  'productCode',
  'description',
  'quantity',
  'unitPrice',
  'importe',
  'discountAmount',
  'subTotal',
  'exemptAmount',
  'isvRate',
] as const satisfies ReadonlyArray<keyof NoteLine>;

export const NOTE_TAX_VIEW_FIELDS = ['rate', 'taxedAmount', 'taxAmount'] as const satisfies ReadonlyArray<keyof NoteTax>;

export type NoteLineView = Pick<NoteLine, (typeof NOTE_LINE_VIEW_FIELDS)[number]>;
export type NoteTaxView = Pick<NoteTax, (typeof NOTE_TAX_VIEW_FIELDS)[number]>;

/** An issued note as stored: plain data (DECIMALs as exact strings), lines in order, taxes by rate. */
export type NoteView = Pick<Note, (typeof NOTE_VIEW_FIELDS)[number]> & {
  invoiceId: number;
  establishmentCode: string;
  emissionPointCode: string;
  versions: FixedVersions | null;
  lines: NoteLineView[];
  taxes: NoteTaxView[];
};

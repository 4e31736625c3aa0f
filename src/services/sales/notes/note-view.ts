import type { Note, NoteLine, NoteTax } from '../../../entities';
import type { FixedVersions } from '../../documents';
import { SALE_DOCUMENT_VIEW_FIELDS, SALE_LINE_FIELDS, SALE_TAX_FIELDS } from '../sale-documents/sale-document-fields';

/** The stored columns a note is shown (JSON, list) and printed (PDF) with: one list per table. */
export const NOTE_VIEW_FIELDS = [
  ...SALE_DOCUMENT_VIEW_FIELDS,
  'documentType',
  'noteNumber',
  'noteDate',
  'invoiceFiscalNumber',
  'invoiceCai',
  'invoiceDate',
  'isExonerated',
  'reason',
  'annulledAt',
  'annulReason',
] as const satisfies ReadonlyArray<keyof Note>;

export const NOTE_LINE_VIEW_FIELDS = [
  'lineNumber',
  'invoiceLineNumber',
  'productCode',
  ...SALE_LINE_FIELDS,
  'exemptAmount',
  'isvRate',
] as const satisfies ReadonlyArray<keyof NoteLine>;

export const NOTE_TAX_VIEW_FIELDS = SALE_TAX_FIELDS satisfies ReadonlyArray<keyof NoteTax>;

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

/**
 * The fiscal documents the service issues (Acuerdo 481-2017): each has its own CAI ranges and
 * numbering per emission point, its own two-digit code in the printed number, its own title and
 * its own letterhead template. A new document type starts here.
 */
export const DOCUMENT_TYPES = ['invoice', 'creditNote', 'debitNote'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface DocumentTypeInfo {
  /** The type's code in the printed number EEE-PPP-TT-NNNNNNNN. */
  code: string;
  /** What the document is called on paper and in the sales register. */
  title: string;
  /** What the operator's messages (in English) call one, e.g. `credit note 7 (000-001-06-00000001)`. */
  noun: string;
  /** The letterhead template's file name, in TEMPLATES_DIR and under companies/<CODE>/. */
  templateFile: string;
}

export const DOCUMENT_TYPE_INFO: Readonly<Record<DocumentType, DocumentTypeInfo>> = {
  invoice: { code: '01', title: 'FACTURA', noun: 'invoice', templateFile: 'invoice.odt' },
  creditNote: { code: '06', title: 'NOTA DE CRÉDITO', noun: 'credit note', templateFile: 'credit-note.odt' },
  debitNote: { code: '07', title: 'NOTA DE DÉBITO', noun: 'debit note', templateFile: 'debit-note.odt' },
};

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** A table with one entry per document type, built by `entry` (a new type then gets its entry too). */
export function byDocumentType<T>(entry: (documentType: DocumentType) => T): Record<DocumentType, T> {
  return { invoice: entry('invoice'), creditNote: entry('creditNote'), debitNote: entry('debitNote') };
}

/**
 * The `default` of an exhaustive switch over a document type (or over a value told apart by
 * one): it compiles only when every type has its case, so a new type makes the compiler name the
 * switch; reached at run time only through a cast, it throws.
 */
export function unknownDocumentType(value: never): never {
  throw new Error(`unknown document type: ${JSON.stringify(value)}`);
}

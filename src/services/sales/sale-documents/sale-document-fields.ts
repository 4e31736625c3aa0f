import type { SaleDocumentRecord } from '../../../entities';
import type { DocumentIssue } from '../../documents';

/**
 * The stored properties every sale document (an invoice, a credit or debit note) is answered
 * (JSON) and printed (PDF) with, one list each for the head, its lines and its taxes: each kind's
 * view adds its own to these, its reader selects exactly them and its row writer answers them from
 * the rows it wrote. A field every sale document prints is added here once.
 */
export const SALE_DOCUMENT_VIEW_FIELDS = [
  'id',
  'fiscalNumber',
  'cai',
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
  'clientName',
  'clientLegalId',
  'exonerationCertificate',
  'exonerationSagRegistry',
  'exemptPurchaseOrderNumber',
  'importe',
  'discountTotal',
  'exemptedAmount',
  'exoneratedAmount',
  'totalTaxes',
  'total',
  'totalInLetters',
  'isAnnulled',
  'verificationToken',
  'verificationBaseUrl',
] as const satisfies ReadonlyArray<keyof SaleDocumentRecord>;

/** The columns every sale document's row writes at issue beyond its view, by property (relations by id). */
export const SALE_DOCUMENT_WRITTEN_FIELDS = [
  'company',
  'emissionPoint',
  'caiRange',
  'templateVersion',
  'logoVersion',
  'createdAt',
] as const satisfies ReadonlyArray<keyof SaleDocumentRecord>;

/** A line's amounts as every sale document stores them. */
export const SALE_LINE_FIELDS = ['description', 'quantity', 'unitPrice', 'importe', 'discountAmount', 'subTotal'] as const;

/** A tax breakdown entry's fields. */
export const SALE_TAX_FIELDS = ['rate', 'taxedAmount', 'taxAmount'] as const;

/**
 * The SALE_DOCUMENT_WRITTEN_FIELDS of a document being issued: its company and emission point, the
 * range its number came from, the versions fixed at issue (none while its template is unreadable).
 */
export function writtenFields(companyId: number, emissionPointId: number, taken: DocumentIssue) {
  return {
    company: companyId,
    emissionPoint: emissionPointId,
    caiRange: taken.range.id,
    templateVersion: taken.versions?.templateVersionId ?? null,
    logoVersion: taken.versions?.logoVersionId ?? null,
    createdAt: new Date(),
  } satisfies Record<(typeof SALE_DOCUMENT_WRITTEN_FIELDS)[number], unknown>;
}

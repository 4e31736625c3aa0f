/**
 * The documents kernel: numbering, the numbered idempotent write, printing, template versions,
 * letterheads and verification, for every document type alike. It imports no feature context
 * (decision 69): what it needs from one, it declares (NumberTakenWatcher, DocumentOutbox) and the feature binds.
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { documentsModule } from './documents.module';
export { repeatInBackground, scheduleIdempotencyPurge, type BackgroundRun } from './idempotency-purge.scheduler';
export { DOCUMENT_KINDS, type DocumentKind } from './document-kinds';
export { claimFor, IdempotencyStore, type IdempotencyClaim } from './idempotency-store';
export { issuedFromRange, issuedNumbersOf, takenPerPointSql, type IssuedDocument, type IssuedNumbers } from './issued-documents';
export type { LetterheadPublicationView, LetterheadState } from './letterheads/letterhead-views';
export { LetterheadService, type LogoChoice } from './letterheads/letterhead.service';
export { NumberedWriter, RETRY_LOG_MESSAGE, type DocumentIssue, type DocumentOutbox, type NumberTakenWatcher } from './numbered-writer';
export { checkNumberAvailable, type TakenNumber } from './numbering';
export { DocumentPdfService, type IssuedRenderInputs } from './printing/document-pdf.service';
export { issuerOf } from './printing/printed-issuer';
export { TemplateCheckService, type CompanyTemplateCheck } from './printing/template-check.service';
export { FIXED_VERSIONS_COLUMNS, fixedVersionsJoins, fixedVersionsOf, type FixedVersions } from './template-versions/fixed-versions';
export { TemplateVersionStore } from './template-versions/template-version-store';
export { fixVersionsOfUnversionedInvoices } from './template-versions/unversioned-invoices';
export { DocumentVerifier, type VerifiedDocument } from './verification/document-verification.service';

/**
 * Sales: invoicing, credit and debit notes, pricing and clients (with their exonerations).
 * What other contexts and the adapters may use: they import this file, never one inside the folder
 * (.dependency-cruiser.js); files inside the context import each other directly.
 */
export { ClientEditor, type ClientChanges, type ClientFieldChanges, type ClientFieldNames } from './clients/client-editor.service';
export { ClientExonerationService, type ExonerationReferenceNames } from './clients/client-exoneration.service';
export { checkRtn, CLIENT_FIELD_RULES } from './clients/client-fields';
export { ClientList, type ClientRow } from './clients/client-list.service';
export { ClientService, type ClientView, type NewClient } from './clients/client.service';
export { InvoiceAnnulmentService } from './invoicing/invoice-annulment.service';
export { DocumentReprint } from './document-reprint.service';
export type { InvoiceContent } from './invoicing/invoice-factory';
export { InvoiceIssuer } from './invoicing/invoice-issuer.service';
export { InvoicePdfService } from './invoicing/invoice-pdf.service';
export { InvoicePreviewService, type InvoicePreview } from './invoicing/invoice-preview.service';
export { InvoiceReader } from './invoicing/invoice-reader.service';
export {
  type DocumentListing,
  InvoiceSearch,
  type InvoiceSearchPage,
  type InvoiceSearchRow,
  type NoteSearchPage,
  type NoteSearchRow,
  type SearchSummary,
} from './invoicing/invoice-search.service';
export type { InvoiceView } from './invoicing/invoice-view';
export { NoteAnnulmentService } from './notes/note-annulment.service';
export { documentName } from './sale-documents/document-annulment';
export { parseKey, parseQuantity, parseReturns } from './notes/note-arguments';
// What the adapters turn a written note into a request with: the file is that and nothing else.
export * from './notes/note-input';
export { NoteIssuer } from './notes/note-issuer.service';
export { noteJson } from './notes/note-json';
export { NotePdfService } from './notes/note-pdf.service';
export { NoteReader } from './notes/note-reader.service';
export type { NoteRequest } from './notes/note-request';
export type { NoteView } from './notes/note-view';
export type { InvoiceRequest } from './pricing/invoice-request';
export { salesModule } from './sales.module';

import { ContainerModule } from 'inversify';
import { ClientService } from './clients/client.service';
import { ClientEditor } from './clients/client-editor.service';
import { ClientExonerationService } from './clients/client-exoneration.service';
import { ClientList } from './clients/client-list.service';
import { PricingSnapshots } from './pricing/pricing-snapshot';
import { SaleClientResolver } from './pricing/sale-client';
import { CatalogLineResolver } from './pricing/catalog-lines';
import { InvoicePricer } from './pricing/invoice-pricer.service';
import { InvoiceIssuer } from './invoicing/invoice-issuer.service';
import { InvoiceReader } from './invoicing/invoice-reader.service';
import { InvoicePreviewService } from './invoicing/invoice-preview.service';
import { InvoicePdfService } from './invoicing/invoice-pdf.service';
import { InvoiceAnnulmentService } from './invoicing/invoice-annulment.service';
import { InvoiceSearch } from './invoicing/invoice-search.service';
import { NoteIssuer } from './notes/note-issuer.service';
import { NoteReader } from './notes/note-reader.service';
import { NotePdfService } from './notes/note-pdf.service';
import { NoteAnnulmentService } from './notes/note-annulment.service';
import { DocumentReprint } from './document-reprint.service';
import { SaleDocumentAnnulment } from './sale-documents/document-annulment';

/** The bindings of invoicing, notes, reprints, pricing and clients. Singletons, as every service (src/container.ts). */
export const salesModule = new ContainerModule(({ bind }) => {
  for (const service of [
    ClientService,
    ClientExonerationService,
    ClientEditor,
    ClientList,
    PricingSnapshots,
    SaleClientResolver,
    CatalogLineResolver,
    InvoicePricer,
    InvoiceIssuer,
    InvoiceReader,
    InvoicePreviewService,
    InvoicePdfService,
    SaleDocumentAnnulment,
    InvoiceAnnulmentService,
    InvoiceSearch,
    NoteIssuer,
    NoteReader,
    NotePdfService,
    NoteAnnulmentService,
    DocumentReprint,
  ])
    bind(service).toSelf();
});

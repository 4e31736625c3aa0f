import type { MikroORM } from '@mikro-orm/mysql';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { ActivityReader } from './services/access/activity/activity-reader.service';
import { ActivityTrail } from './services/access/activity/activity-trail.service';
import { ApiKeyService } from './services/access/api-keys/api-key.service';
import { Authenticator } from './services/access/api-keys/authenticator.service';
import { ClientService } from './services/sales/clients/client.service';
import { CompanyDirectory } from './services/company/company-directory.service';
import { DatabaseReadiness } from './db/database-readiness.service';
import { CompanySetupService } from './services/company/setup/company-setup.service';
import { ClientExonerationService } from './services/sales/clients/client-exoneration.service';
import { InvoiceAnnulmentService } from './services/sales/invoicing/invoice-annulment.service';
import { NoteAnnulmentService } from './services/sales/notes/note-annulment.service';
import { NoteIssuer } from './services/sales/notes/note-issuer.service';
import { NotePdfService } from './services/sales/notes/note-pdf.service';
import { NoteReader } from './services/sales/notes/note-reader.service';
import { SqlClient } from './db/sql-client';
import { TOKENS } from './tokens';
import type { PdfRenderer } from './pdf/pdf-renderer';
import { InvoicePdfService } from './services/sales/invoicing/invoice-pdf.service';
import { DocumentPdfService } from './services/documents/printing/document-pdf.service';
import { ReadCache } from './db/read-cache';
import { RenderedPdfCache } from './services/documents/printing/rendered-pdf-cache';
import { InvoicePreviewService } from './services/sales/invoicing/invoice-preview.service';
import { CatalogLineResolver } from './services/sales/pricing/catalog-lines';
import { InvoicePricer } from './services/sales/pricing/invoice-pricer.service';
import { PricingSnapshots } from './services/sales/pricing/pricing-snapshot';
import { SaleClientResolver } from './services/sales/pricing/sale-client';
import { InvoiceReader } from './services/sales/invoicing/invoice-reader.service';
import { IdempotencyStore } from './services/documents/idempotency-store';
import { NumberedWriter } from './services/documents/numbered-writer';
import { LetterheadService } from './services/documents/letterheads/letterhead.service';
import { TemplateCheckService } from './services/documents/printing/template-check.service';
import { TemplateVersionStore } from './services/documents/template-versions/template-version-store';
import { InvoiceIssuer } from './services/sales/invoicing/invoice-issuer.service';
import { CaiRangeAlerts } from './services/company/cai-ranges/cai-range-alerts';
import { CaiStatusService } from './services/company/cai-ranges/cai-status.service';
import { SalesRegisterService } from './services/fiscal-reports/sales-register.service';
import { UnusedNumbersService } from './services/fiscal-reports/unused-numbers.service';
import { NumberingAuditService } from './services/fiscal-reports/numbering-audit/numbering-audit.service';
import { DocumentVerifier } from './services/documents/verification/document-verification.service';
import { ConsoleSessions } from './services/access/operators/console-sessions.service';
import { OperatorAccess } from './services/access/operators/operator-access.service';
import { OperatorAccounts } from './services/access/operators/operator-accounts.service';
import { CompanyOverview } from './services/company/company-overview.service';
import { InvoiceSearch } from './services/sales/invoicing/invoice-search.service';
import { ClientList } from './services/sales/clients/client-list.service';

/**
 * The composition root: the only place that binds. Services are stateless singletons over the
 * global EntityManager; MikroORM's RequestContext (HTTP) or a forked context (CLI) gives each
 * unit of work its own identity map.
 */
export function buildContainer(config: AppConfig, logger: Logger, orm: MikroORM, pdfRenderer: PdfRenderer): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Orm).toConstantValue(orm);
  container.bind(TOKENS.EntityManager).toConstantValue(orm.em);
  container.bind(TOKENS.PdfRenderer).toConstantValue(pdfRenderer);
  // Its pool opens connections only when first used; closeContainer ends them.
  container.bind(TOKENS.Sql).toConstantValue(
    SqlClient.create({
      databaseUrl: config.databaseUrl,
      connectTimeoutSeconds: config.dbConnectTimeoutSeconds,
      lockWaitTimeoutSeconds: config.dbLockWaitTimeoutSeconds,
    }),
  );
  for (const service of [
    Authenticator,
    ClientService,
    ApiKeyService,
    ClientExonerationService,
    InvoiceAnnulmentService,
    PricingSnapshots,
    SaleClientResolver,
    CatalogLineResolver,
    InvoicePricer,
    DocumentPdfService,
    InvoicePdfService,
    InvoicePreviewService,
    IdempotencyStore,
    NumberedWriter,
    InvoiceReader,
    InvoiceIssuer,
    TemplateCheckService,
    TemplateVersionStore,
    DatabaseReadiness,
    RenderedPdfCache,
    ReadCache,
  ]) {
    container.bind(service).toSelf();
  }
  // The activity trail, written by every service that changes something (decision 60).
  container.bind(ActivityTrail).toSelf();
  container.bind(ActivityReader).toSelf();
  container.bind(CompanySetupService).toSelf();
  container.bind(CompanyDirectory).toSelf();
  for (const service of [NoteReader, NoteIssuer, NoteAnnulmentService, NotePdfService]) container.bind(service).toSelf();
  container.bind(DocumentVerifier).toSelf();
  container.bind(LetterheadService).toSelf();
  for (const service of [OperatorAccounts, ConsoleSessions, OperatorAccess]) container.bind(service).toSelf();
  for (const service of [CaiRangeAlerts, CaiStatusService, SalesRegisterService, UnusedNumbersService, NumberingAuditService]) {
    container.bind(service).toSelf();
  }
  for (const service of [InvoiceSearch, CompanyOverview, ClientList]) container.bind(service).toSelf();
  container.bind(TOKENS.NumberTakenWatcher).toService(CaiRangeAlerts);
  return container;
}

/** Ends what the container opened itself (the plain SQL pool); the ORM and the renderer are closed by whoever made them. */
export async function closeContainer(container: Container): Promise<void> {
  await container.get<SqlClient>(TOKENS.Sql).close();
}

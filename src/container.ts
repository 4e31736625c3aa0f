import type { MikroORM } from '@mikro-orm/mysql';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { ActivityReader } from './services/activity/activity-reader.service';
import { ActivityTrail } from './services/activity/activity-trail.service';
import { ApiKeyService } from './services/api-key.service';
import { Authenticator } from './services/authenticator.service';
import { ClientService } from './services/client.service';
import { CompanyDirectory } from './services/company-directory.service';
import { DatabaseReadiness } from './services/database-readiness.service';
import { CompanySetupService } from './services/company-setup/company-setup.service';
import { ClientExonerationService } from './services/client-exoneration.service';
import { InvoiceAnnulmentService } from './services/invoicing/invoice-annulment.service';
import { NoteAnnulmentService } from './services/notes/note-annulment.service';
import { NoteIssuer } from './services/notes/note-issuer.service';
import { NotePdfService } from './services/notes/note-pdf.service';
import { NoteReader } from './services/notes/note-reader.service';
import { SqlClient } from './db/sql-client';
import { TOKENS } from './tokens';
import type { PdfRenderer } from './pdf/pdf-renderer';
import { InvoicePdfService } from './services/invoicing/invoice-pdf.service';
import { DocumentPdfService } from './services/documents/document-pdf.service';
import { ReadCache } from './services/read-cache';
import { ServerSecrets } from './services/server-secrets.service';
import { RenderedPdfCache } from './services/rendered-pdf-cache';
import { InvoicePreviewService } from './services/invoicing/invoice-preview.service';
import { CatalogLineResolver } from './services/pricing/catalog-lines';
import { InvoicePricer } from './services/pricing/invoice-pricer.service';
import { PricingSnapshots } from './services/pricing/pricing-snapshot';
import { SaleClientResolver } from './services/pricing/sale-client';
import { InvoiceReader } from './services/invoicing/invoice-reader.service';
import { IdempotencyStore } from './services/documents/idempotency-store';
import { NumberedWriter } from './services/documents/numbered-writer';
import { LetterheadService } from './services/letterheads/letterhead.service';
import { TemplateCheckService } from './services/template-check.service';
import { TemplateVersionStore } from './services/template-versions.service';
import { InvoiceIssuer } from './services/invoicing/invoice-issuer.service';
import { CaiRangeAlerts } from './services/cai-status/cai-range-alerts';
import { CaiStatusService } from './services/cai-status/cai-status.service';
import { SalesRegisterService } from './services/fiscal-reports/sales-register.service';
import { UnusedNumbersService } from './services/fiscal-reports/unused-numbers.service';
import { NumberingAuditService } from './services/numbering-audit/numbering-audit.service';
import { DocumentVerifier } from './services/verification/document-verification.service';
import { ConsoleSessions } from './services/operators/console-sessions.service';
import { OperatorAccess } from './services/operators/operator-access.service';
import { OperatorAccounts } from './services/operators/operator-accounts.service';
import { SignInThrottle } from './services/operators/sign-in-throttle.service';
import { CompanyOverview } from './services/console-read-models/company-overview.service';
import { InvoiceSearch } from './services/console-read-models/invoice-search.service';
import { ClientList } from './services/console-read-models/client-list.service';

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
  for (const service of [SignInThrottle, OperatorAccounts, ConsoleSessions, OperatorAccess]) container.bind(service).toSelf();
  for (const service of [CaiRangeAlerts, CaiStatusService, SalesRegisterService, UnusedNumbersService, NumberingAuditService]) {
    container.bind(service).toSelf();
  }
  for (const service of [InvoiceSearch, CompanyOverview, ClientList]) container.bind(service).toSelf();
  // Holds the key it loads at start-up, shared by every instance through the database (decision 68).
  container.bind(ServerSecrets).toSelf();
  return container;
}

/** Ends what the container opened itself (the plain SQL pool); the ORM and the renderer are closed by whoever made them. */
export async function closeContainer(container: Container): Promise<void> {
  await container.get<SqlClient>(TOKENS.Sql).close();
}

import type { MikroORM } from '@mikro-orm/mysql';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { DatabaseReadiness } from './db/database-readiness.service';
import { ReadCache } from './db/read-cache';
import { SqlClient } from './db/sql-client';
import { accessModule } from './services/access';
import { companyModule } from './services/company';
import { deliveryModule } from './services/delivery';
import { documentsModule } from './services/documents';
import { fiscalReportsModule } from './services/fiscal-reports';
import { salesModule } from './services/sales';
import { TOKENS } from './tokens';
import type { PdfRenderer } from './pdf/pdf-renderer';

/**
 * The composition root: binds what every context shares (config, logger, ORM, the plain SQL pool,
 * the renderer, the database layer's services) and loads each context's module, which binds that
 * context's services (decision 69); nothing else binds. Services are stateless singletons over the
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
      metadata: orm.getMetadata(),
    }),
  );
  // What the database layer serves every context: the readiness check and the counter-checked read cache.
  container.bind(DatabaseReadiness).toSelf();
  container.bind(ReadCache).toSelf();
  // Each context binds its own services (decision 69).
  container.loadSync(accessModule, documentsModule, companyModule, salesModule, fiscalReportsModule, deliveryModule);
  return container;
}

/** Ends what the container opened itself (the plain SQL pool); the ORM and the renderer are closed by whoever made them. */
export async function closeContainer(container: Container): Promise<void> {
  await container.get<SqlClient>(TOKENS.Sql).close();
}

import type Koa from 'koa';
import type { Container } from 'inversify';
import type { MikroORM } from '@mikro-orm/mysql';
import supertest from 'supertest';
import type { AppConfig } from '../../config/config';
import { buildContainer, closeContainer } from '../../src/container';
import { buildApp } from '../../src/http/app';
import { createLogger } from '../../src/logger';
import { createPdfRenderer } from '../../src/pdf/create-pdf-renderer';
import type { CarbonePdfRenderer } from '../../src/pdf/pdf-renderer';
import { withContractChecks } from './contract/contract-agent';
import { LogCapture } from './log-capture';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: Koa;
  http: ReturnType<typeof supertest>;
  container: Container;
  orm: MikroORM;
  config: AppConfig;
  logs: LogCapture;
  db: TestDatabase;
  pdfRenderer: CarbonePdfRenderer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Start LibreOffice for real PDFs; otherwise the renderer stays unstarted (as without LibreOffice). */
  pdf?: boolean;
  env?: NodeJS.ProcessEnv;
  /**
   * Check every response against the OpenAPI document (default true), so the whole integration
   * suite proves the document; turn off only to send what the contract itself cannot describe.
   */
  contract?: boolean;
  /** How the service reaches the test server (mysql://user@host:port), e.g. through a TcpProxy. */
  serverUrl?: string;
  /** Use (and drop at close) this database instead of a new one, e.g. one services created. */
  databaseName?: string;
}

/**
 * The real application (real container, real middleware, real MariaDB) on a fresh database,
 * served through supertest without a listening port. Logs go to a capture at debug level.
 */
export async function createTestApp({
  pdf = false,
  env = {},
  contract = true,
  serverUrl,
  databaseName,
}: TestAppOptions = {}): Promise<TestApp> {
  // One LibreOffice unless the test asks for more: a test renders one document at a time, and each
  // start costs seconds of CPU on a machine two test files share (the default is one per core).
  const db = await createTestDatabase({ PDF_FACTORIES: '1', ...env }, { serverUrl, name: databaseName });
  const logs = new LogCapture();
  const config = { ...db.config, logLevel: 'debug' as const };
  const logger = createLogger('debug', logs);
  const pdfRenderer = createPdfRenderer(config, logger);
  if (pdf) await pdfRenderer.start();
  const container = buildContainer(config, logger, db.orm, pdfRenderer);
  const app = buildApp(container);
  return {
    app,
    http: contract ? withContractChecks(supertest(app.callback())) : supertest(app.callback()),
    container,
    orm: db.orm,
    config,
    logs,
    db,
    pdfRenderer,
    close: async () => {
      await pdfRenderer.stop();
      await closeContainer(container);
      await db.drop();
    },
  };
}

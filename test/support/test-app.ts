import type Koa from 'koa';
import type { Container } from 'inversify';
import type { MikroORM } from '@mikro-orm/mysql';
import supertest from 'supertest';
import type { AppConfig } from '../../config/config';
import { buildContainer } from '../../src/container';
import { buildApp } from '../../src/http/app';
import { createLogger } from '../../src/logger';
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
  close(): Promise<void>;
}

/**
 * The real application (real container, real middleware, real MariaDB) on a fresh database,
 * served through supertest without a listening port. Logs go to a capture at debug level.
 */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const db = await createTestDatabase(env);
  const logs = new LogCapture();
  const config = { ...db.config, logLevel: 'debug' as const };
  const container = buildContainer(config, createLogger('debug', logs), db.orm);
  const app = buildApp(container);
  return {
    app,
    http: supertest(app.callback()),
    container,
    orm: db.orm,
    config,
    logs,
    db,
    close: () => db.drop(),
  };
}

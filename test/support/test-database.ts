import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import pino from 'pino';
import { AppConfig, loadConfig } from '../../config/config';
import { openDatabase } from '../../src/db/database-bootstrap';
import { copyTemplateDatabase, templateDatabase } from './template-database';

/** The server tests run against; the database name is made per test file. */
/** The test database server (no database in the path). */
export const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';

export interface TestDatabase {
  name: string;
  config: AppConfig;
  orm: MikroORM;
  drop(): Promise<void>;
}

/** Refuses any database whose name does not say it is a test one, so a test can never drop real data. */
export function assertTestDatabaseName(name: string): void {
  if (!/test/i.test(name)) throw new Error(`refusing to use database "${name}": its name must contain "test"`);
}

/** The test database server as host and port, e.g. for a relay in front of it. */
export function testServerAddress(): { host: string; port: number } {
  const url = new URL(SERVER_URL);
  return { host: url.hostname, port: url.port ? Number(url.port) : 3306 };
}

/**
 * A fresh database for one test file with the real migrations' schema; drop() removes it.
 * `serverUrl` names another server (a cluster node) or another way to this one (a relay the test
 * can cut); `name` an existing database to use (and drop). A new database on the test server is
 * a copy of the template the migrations built once (template-database.ts), on which start-up then
 * finds nothing pending; elsewhere, or with `realMigrations`, the migrations run on it themselves.
 * Each file owning its database keeps files independent, whatever order jest runs them in.
 */
export async function createTestDatabase(
  overrides: NodeJS.ProcessEnv = {},
  { serverUrl = SERVER_URL, name, realMigrations = false }: { serverUrl?: string; name?: string; realMigrations?: boolean } = {},
): Promise<TestDatabase> {
  const database = name ?? `invoicing_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  assertTestDatabaseName(database);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `${serverUrl}/${database}`, ...overrides });
  if (name === undefined && serverUrl === SERVER_URL && !realMigrations) await copyOfTemplate(database, config);
  const orm = await openDatabase(config, pino({ level: 'silent' }));
  return {
    name: database,
    config,
    orm,
    async drop() {
      await orm.close(true);
      const admin = await mysql.createConnection(serverUrl);
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}

/**
 * `database` as a copy of the template, building the template first when there is none. A
 * template another run dropped under the copy is built again, once.
 */
async function copyOfTemplate(database: string, config: AppConfig): Promise<void> {
  const migrate = async (template: string) => {
    const orm = await openDatabase({ ...config, databaseUrl: `${SERVER_URL}/${template}` }, pino({ level: 'silent' }));
    await orm.close(true);
  };
  try {
    await copyTemplateDatabase(SERVER_URL, await templateDatabase(SERVER_URL, migrate), database);
  } catch {
    await copyTemplateDatabase(SERVER_URL, await templateDatabase(SERVER_URL, migrate), database);
  }
}

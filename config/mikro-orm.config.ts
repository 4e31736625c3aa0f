import { defineConfig, Options } from '@mikro-orm/mysql';
import { Migrator } from '@mikro-orm/migrations';
import { ALL_ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../migrations';
import type { AppConfig } from './config';

/**
 * MikroORM options from the validated configuration. Entities and migrations are listed
 * explicitly, so the same options work from compiled JavaScript, ts-jest and the CLI.
 */
export function mikroOrmOptions(config: Pick<AppConfig, 'databaseUrl' | 'dbConnectTimeoutSeconds' | 'dbLockWaitTimeoutSeconds'>, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
    entities: ALL_ENTITIES,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      // MySQL commits DDL implicitly, so a wrapping transaction would only pretend.
      transactional: false,
      allOrNothing: false,
      tableName: 'mikro_orm_migrations',
      // Applied migrations are logged by the bootstrap as structured JSON instead.
      silent: true,
      // Migrations are written by hand and listed explicitly; no schema snapshot files.
      snapshot: false,
    },
    // Every DATETIME is UTC; Honduras dates are computed in code, never by the session time zone.
    timezone: '+00:00',
    forceUtcTimezone: true,
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: false,
    pool: {
      min: 0,
      max: 10,
      // A bounded lock wait on every connection: a stuck lock fails fast and issuing retries it.
      // MariaDB cuts JSON_ARRAYAGG at group_concat_max_len (1 MB by default); reading an invoice
      // aggregates its lines, so room for the largest one (1,000 lines of long descriptions).
      afterCreate: (conn: { query: (sql: string, cb: (err: Error | null) => void) => void }, done: (err: Error | null, conn: unknown) => void) => {
        conn.query(`SET SESSION innodb_lock_wait_timeout = ${config.dbLockWaitTimeoutSeconds}, group_concat_max_len = 16777216`, (err) => done(err, conn));
      },
    },
    driverOptions: { connection: { connectTimeout: config.dbConnectTimeoutSeconds * 1000 } },
    ...overrides,
  });
}

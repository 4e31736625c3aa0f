import { defineConfig, Options } from '@mikro-orm/mysql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { ReadRevisionSubscriber } from '../src/db/read-revision.subscriber';
import { prepareSession, SessionConnection } from '../src/db/session-setup';
import { ALL_ENTITIES } from '../src/entities/all-entities';
import { MIGRATIONS } from '../migrations';
import { migrationSettingsExtension } from '../migrations/migration-settings';
import type { AppConfig } from './config';

/** A mysql2 connection as knex's pool holds it. */
interface PooledConnection {
  promise(): SessionConnection;
  once(event: 'end', listener: () => void): void;
  __knex__disposed?: unknown;
}

/**
 * MikroORM options from the validated configuration. Entities and migrations are listed
 * explicitly, so the same options work from compiled JavaScript, ts-jest and the CLI.
 */
export function mikroOrmOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dbConnectTimeoutSeconds' | 'dbLockWaitTimeoutSeconds' | 'publicBaseUrl'>,
  overrides: Partial<Options> = {},
  logger?: Logger,
): Options {
  return defineConfig({
    clientUrl: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
    entities: ALL_ENTITIES,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    // The migrations that fill rows from a setting read the running process's (decision 70).
    extensions: [Migrator, migrationSettingsExtension({ publicBaseUrl: config.publicBaseUrl })],
    // Every ORM (service, CLI, tests) gets it: a flush that changes cached data bumps its counter.
    subscribers: [new ReadRevisionSubscriber()],
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
      // MySQL 8's sql_mode, a bounded lock wait (a stuck lock fails fast and issuing retries it)
      // and, on a Galera node, causal reads, on every connection; migrations run on these too.
      afterCreate: (conn: PooledConnection, done: (err: Error | null, conn: unknown) => void) => {
        // A connection the server closed (killed, timed out, node shut down or crashed) is marked
        // with knex's own "disposed" flag, so the pool never lends it to the next request.
        conn.once('end', () => (conn.__knex__disposed = 'the server closed the connection'));
        prepareSession(conn.promise(), config.dbLockWaitTimeoutSeconds).then(
          () => done(null, conn),
          (err: Error) => done(err, conn),
        );
      },
    },
    driverOptions: {
      connection: { connectTimeout: config.dbConnectTimeoutSeconds * 1000 },
      // knex warns on console (e.g. when its pool drops a broken connection); keep logs JSON.
      ...(logger ? { log: { warn: (message: unknown) => logger.warn({ detail: String(message) }, 'database pool warning') } } : {}),
    },
    ...overrides,
  });
}

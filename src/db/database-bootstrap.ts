import { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import type { Logger } from 'pino';
import { AppConfig, maskDatabaseUrl } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { fixVersionsOfUnversionedInvoices } from '../services/template-versions.service';
import { MigrationLockTimeoutError, withMigrationLock } from './migration-lock';
import { prepareSession } from './session-setup';

/** Start-up could not reach or prepare the database; the message is the one line to print. */
export class DatabaseUnavailableError extends Error {}

/**
 * Makes the database ready and returns a connected ORM: creates the database when missing and
 * applies pending migrations. Several instances may start at once, on one server or on several
 * nodes of a Galera cluster, so migrations run under a lock row the whole cluster agrees on.
 */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<MikroORM> {
  const url = new URL(config.databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  const admin = await connectServer(config, url);
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.query(`USE \`${database.replace(/`/g, '``')}\``);
    await prepareSession(admin, config.dbLockWaitTimeoutSeconds);
    const orm = await MikroORM.init(mikroOrmOptions(config, {}, logger));
    try {
      const applied = await withMigrationLock(admin, logger, async () => {
        const done = await orm.getMigrator().up();
        // SQL cannot read template files, so invoices issued before versions were kept get them here, under the same lock.
        await fixVersionsOfUnversionedInvoices(orm.em.fork(), config.templatesDir, logger);
        return done;
      });
      if (applied.length > 0) logger.info({ migrations: applied.map((m) => m.name) }, 'applied database migrations');
    } catch (err) {
      await orm.close(true);
      if (err instanceof MigrationLockTimeoutError) throw new DatabaseUnavailableError(err.message);
      throw err;
    }
    return orm;
  } finally {
    await admin.end();
  }
}

async function connectServer(config: AppConfig, url: URL): Promise<mysql.Connection> {
  try {
    return await mysql.createConnection({
      host: url.hostname,
      port: url.port ? Number(url.port) : 3306,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      connectTimeout: config.dbConnectTimeoutSeconds * 1000,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnavailableError(
      `Cannot reach the database at ${maskDatabaseUrl(config.databaseUrl)} (${reason}). ` +
        'Start the local MariaDB/MySQL or run `docker compose up -d mysql`, or set DATABASE_URL.',
    );
  }
}

import { MikroORM } from '@mikro-orm/mysql';
import type { Logger } from 'pino';
import { AppConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { fixVersionsOfUnversionedInvoices } from '../services/documents';
import { MigrationLockTimeoutError, withMigrationLock } from './migration-lock';
import { DatabaseUnavailableError, StartupConnection } from './startup-connection';

export { DatabaseUnavailableError };

/**
 * Makes the database ready and returns a connected ORM: creates the database when missing and
 * applies pending migrations. Several instances may start at once, on one server or on several
 * nodes of a Galera cluster, so migrations run under a lock row the whole cluster agrees on.
 */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<MikroORM> {
  const database = decodeURIComponent(new URL(config.databaseUrl).pathname.slice(1));
  const admin = await StartupConnection.open(config, logger);
  try {
    await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.useDatabase(database);
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

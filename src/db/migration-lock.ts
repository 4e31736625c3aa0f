import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as pause } from 'node:timers/promises';
import type { Logger } from 'pino';
import { classifyDatabaseError } from './database-failure';
import type { SessionConnection } from './session-setup';

/** The start-up connection, replaceable when it is lost (StartupConnection). */
export interface LockSession extends SessionConnection {
  reconnect(): Promise<void>;
}

/**
 * Created here, before the first migration runs (like MikroORM's own migrations table), with
 * the columns of the MigrationLock entity; a migration declares the same table for new databases.
 */
export const MIGRATION_LOCK_TABLE = 'mikro_orm_migrations_lock';

/** A holder that stops refreshing its row (crashed, killed) loses the lock after this long. */
const LEASE_SECONDS = 60;
const REFRESH_MS = 10_000;
/** Longest a starting instance waits for others' migrations before giving up. */
const WAIT_LIMIT_MS = 10 * 60_000;
const ER_DUP_ENTRY = 1062;
/** Tries of a lock statement that may run twice, each after a replaced connection or a short pause. */
const IDEMPOTENT_ATTEMPTS = 5;

export class MigrationLockTimeoutError extends Error {}

/**
 * Runs `work` (applying migrations) while holding the cluster-wide migration lock (decision 42): one row with a
 * fixed primary key. A named lock (GET_LOCK) is not enough: on a Galera cluster it is local to one
 * node, so instances starting together on different nodes would all migrate at once and all but
 * one fail on "table already exists". A row is replicated: two inserts of the same key on two
 * nodes are decided by certification (the loser's commit fails as a deadlock), and on a single
 * server by the unique index. The row carries a lease the holder refreshes, so a crashed holder
 * does not block start-up for ever; the others wait, then migrate nothing (already applied).
 */
export async function withMigrationLock<T>(conn: LockSession, logger: Logger, work: () => Promise<T>): Promise<T> {
  await idempotent(
    conn,
    `CREATE TABLE IF NOT EXISTS \`${MIGRATION_LOCK_TABLE}\` (\`id\` tinyint unsigned NOT NULL, \`holder\` varchar(255) NOT NULL, ` +
      '`expires_at` datetime NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
  );
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  await acquire(conn, holder, logger);
  const refresh = setInterval(() => {
    idempotent(conn, leaseSql('UPDATE'), [holder]).catch((err: Error) =>
      logger.warn({ err: err.message }, 'could not refresh the migration lock'),
    );
  }, REFRESH_MS);
  try {
    return await work();
  } finally {
    clearInterval(refresh);
    // Not released (the database unreachable right now): the lease runs out and others take over.
    await idempotent(conn, `DELETE FROM \`${MIGRATION_LOCK_TABLE}\` WHERE id = 1 AND holder = ?`, [holder]).catch((err: Error) =>
      logger.warn({ err: err.message }, 'could not release the migration lock; it expires with its lease'),
    );
  }
}

/**
 * Runs a statement that may safely run twice, replacing a lost connection and going on through
 * the failures a cluster in motion gives (a node joining, a lost certification race).
 */
async function idempotent(conn: LockSession, sql: string, values?: unknown[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await conn.query(sql, values);
      return;
    } catch (err) {
      if (attempt >= IDEMPOTENT_ATTEMPTS) throw err;
      await survive(conn, err);
      await pause(100 * attempt);
    }
  }
}

/**
 * Decides whether start-up can go on after a failed lock statement: a lost connection is
 * replaced (StartupConnection gives up, with its one-line message, when the database stays
 * unreachable); a lost race or a node briefly not ready needs nothing; anything else is thrown.
 */
async function survive(conn: LockSession, err: unknown): Promise<void> {
  const failure = classifyDatabaseError(err);
  if (failure === 'connection-lost') await conn.reconnect();
  else if (failure !== 'conflict' && failure !== 'node-not-ready' && failure !== 'lock-timeout') throw err;
}

async function acquire(conn: LockSession, holder: string, logger: Logger): Promise<void> {
  const giveUpAt = Date.now() + WAIT_LIMIT_MS;
  let waitingLogged = false;
  for (;;) {
    try {
      await conn.query(leaseSql('INSERT'), [holder]);
      return;
    } catch (err) {
      // Held by another instance, or it won the race for the row: wait. An insert of ours whose
      // answer was lost with the connection may have committed: then the row is ours.
      if ((err as { errno?: number }).errno === ER_DUP_ENTRY) {
        if (await holds(conn, holder)) return;
      } else {
        await survive(conn, err);
      }
    }
    if (Date.now() > giveUpAt) throw new MigrationLockTimeoutError('Timed out waiting for another instance to finish migrations');
    if (!waitingLogged) {
      logger.info('another instance is applying migrations: waiting for it');
      waitingLogged = true;
    }
    // A lease nobody refreshed belongs to a dead holder.
    await idempotent(conn, `DELETE FROM \`${MIGRATION_LOCK_TABLE}\` WHERE id = 1 AND expires_at < UTC_TIMESTAMP()`);
    await pause(200 + Math.random() * 300);
  }
}

async function holds(conn: LockSession, holder: string): Promise<boolean> {
  const [rows] = await conn.query(`SELECT holder FROM \`${MIGRATION_LOCK_TABLE}\` WHERE id = 1`).catch(async (err: unknown) => {
    await survive(conn, err);
    return [[]] as [unknown[]];
  });
  return (rows as { holder: string }[])[0]?.holder === holder;
}

function leaseSql(kind: 'INSERT' | 'UPDATE'): string {
  const expires = `UTC_TIMESTAMP() + INTERVAL ${LEASE_SECONDS} SECOND`;
  return kind === 'INSERT'
    ? `INSERT INTO \`${MIGRATION_LOCK_TABLE}\` (id, holder, expires_at) VALUES (1, ?, ${expires})`
    : `UPDATE \`${MIGRATION_LOCK_TABLE}\` SET expires_at = ${expires} WHERE id = 1 AND holder = ?`;
}

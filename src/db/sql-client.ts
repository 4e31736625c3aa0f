import type { MetadataStorage } from '@mikro-orm/mysql';
import mysql, { type Pool, type PoolConnection, type ResultSetHeader } from 'mysql2';
import { prepareSession } from './session-setup';

export type SqlRow = Record<string, unknown>;
export type SqlParams = readonly unknown[];

/** The statements of one transaction, on the connection it holds. */
export interface SqlTransaction {
  select(sql: string, params: SqlParams): Promise<SqlRow[]>;
  /** An INSERT, UPDATE or DELETE: the driver's result (insertId, affectedRows). */
  run(sql: string, params: SqlParams): Promise<ResultSetHeader>;
}

export interface SqlClientOptions {
  databaseUrl: string;
  connectTimeoutSeconds: number;
  lockWaitTimeoutSeconds: number;
  /** Connections kept at most; the ORM's pool has its own. */
  connectionLimit?: number;
  /** The ORM's entity metadata: the tables and columns the SQL this client runs is written against. */
  metadata: MetadataStorage;
}

/** Connections a client has set up (lock wait, causal reads on Galera): set up once, on first lend. */
const prepared = new WeakSet<PoolConnection>();

/**
 * Plain SQL straight through the driver, on a pool of its own, for the few paths where the ORM's
 * query building, hydration and unit of work cost more than the database's own work: reads that
 * only serialise rows (authentication, GET of an invoice or a page of clients), what sales are
 * priced with, and the numbered write of a fiscal document (decision 49). Every connection gets the same session settings as
 * the ORM's. Driver errors surface as they are; `src/db/database-failure.ts` reads them.
 */
export class SqlClient {
  private constructor(
    private readonly pool: Pool,
    private readonly lockWaitTimeoutSeconds: number,
    private readonly metadata: MetadataStorage,
  ) {}

  static create(options: SqlClientOptions): SqlClient {
    const pool = mysql.createPool({
      uri: options.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: options.connectionLimit ?? 10,
      maxIdle: 2,
      idleTimeout: 60_000,
      connectTimeout: options.connectTimeoutSeconds * 1000,
      // As the ORM reads them: DATETIME as UTC strings, DECIMAL and BIGINT as strings (exact).
      dateStrings: true,
      timezone: '+00:00',
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    return new SqlClient(pool, options.lockWaitTimeoutSeconds, options.metadata);
  }

  /**
   * The entities' tables and columns, so that a read model builds its SQL (`leanSelect`,
   * `tableOf`) from the one collaborator that runs it.
   */
  getMetadata(): MetadataStorage {
    return this.metadata;
  }

  /** One SELECT on a pooled connection. */
  async select(sql: string, params: SqlParams): Promise<SqlRow[]> {
    const [rows] = await this.selectBatch([[sql, params]]);
    return rows;
  }

  /** One INSERT, UPDATE or DELETE on a pooled connection, committed on its own (autocommit). */
  async run(sql: string, params: SqlParams): Promise<ResultSetHeader> {
    const connection = await this.acquire();
    try {
      return await query<ResultSetHeader>(connection, sql, params);
    } finally {
      connection.release();
    }
  }

  /** Several SELECTs queued on one connection together: one acquire, no wait between them. */
  async selectBatch(queries: ReadonlyArray<readonly [sql: string, params: SqlParams]>): Promise<SqlRow[][]> {
    const connection = await this.acquire();
    try {
      return await Promise.all(queries.map(([sql, params]) => query<SqlRow[]>(connection, sql, params)));
    } finally {
      connection.release();
    }
  }

  /**
   * Several SELECTs that see one state of the database, still in one round trip: queued together
   * between the start and the commit of a read-only transaction with a consistent snapshot. For
   * reads whose rows must agree with each other (a price list named by one row, its prices read
   * by another) although a writer may commit between two of them.
   */
  async selectConsistent(queries: ReadonlyArray<readonly [sql: string, params: SqlParams]>): Promise<SqlRow[][]> {
    const [, ...results] = await this.selectBatch([
      ['START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY', []],
      ...queries,
      ['COMMIT', []],
    ]);
    return results.slice(0, -1);
  }

  /**
   * Runs `body` in a transaction on one connection and commits; rolls back on any failure and
   * rethrows it. When the failure makes the connection suspect (`discardOn` says so: a node that
   * stopped being ready, a half-dead socket), the connection is destroyed instead of returned,
   * so the caller's retry opens a fresh one, which a proxy may route to a healthy node.
   * `readCommitted` runs it at READ COMMITTED instead of the session's REPEATABLE READ.
   */
  async transaction<T>(
    body: (tx: SqlTransaction) => Promise<T>,
    discardOn: (err: unknown) => boolean,
    { readCommitted = false }: { readCommitted?: boolean } = {},
  ): Promise<T> {
    const connection = await this.acquire();
    let healthy = true;
    try {
      // READ COMMITTED for this one transaction: its locking reads lock the rows they return, no gaps.
      if (readCommitted) await query(connection, 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED', []);
      await query(connection, 'START TRANSACTION', []);
      const result = await body({
        select: (sql, params) => query<SqlRow[]>(connection, sql, params),
        run: (sql, params) => query<ResultSetHeader>(connection, sql, params),
      });
      await query(connection, 'COMMIT', []);
      return result;
    } catch (err) {
      healthy = !discardOn(err);
      if (healthy) await query(connection, 'ROLLBACK', []).catch(() => (healthy = false));
      throw err;
    } finally {
      if (healthy) connection.release();
      else connection.destroy();
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.pool.end((err) => (err ? reject(err) : resolve())));
  }

  private async acquire(): Promise<PoolConnection> {
    const connection = await new Promise<PoolConnection>((resolve, reject) =>
      this.pool.getConnection((err, conn) => (err ? reject(err) : resolve(conn))),
    );
    if (prepared.has(connection)) return connection;
    try {
      await prepareSession(connection.promise(), this.lockWaitTimeoutSeconds);
    } catch (err) {
      connection.destroy();
      throw err;
    }
    prepared.add(connection);
    return connection;
  }
}

function query<T>(connection: PoolConnection, sql: string, params: SqlParams): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    connection.query(sql, params as unknown[], (err, rows) => (err ? reject(err) : resolve(rows as T))),
  );
}

import { setTimeout as pause } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import type { Logger } from 'pino';
import { AppConfig, maskDatabaseUrl } from '../../config/config';
import { classifyDatabaseError, isTransient } from './database-failure';
import { prepareSession } from './session-setup';

/** Start-up could not reach or prepare the database; the message is the one line to print. */
export class DatabaseUnavailableError extends Error {}

/**
 * A lost start-up connection is replaced this many times in a row before start-up gives up: a
 * Galera node restarting or still joining refuses or drops connections for a few seconds, a
 * server that stays unreachable is an operator's problem.
 */
const RECONNECT_ATTEMPTS = 5;
const RECONNECT_PAUSE_MS = 1_000;

/**
 * The one connection start-up works on (creating the database, the migration lock), which can
 * be replaced when it is lost. While an instance waits for another's migrations the connection
 * may be closed under it (a node leaving or joining the cluster, a killed session, a proxy
 * dropping it); waiting on a closed connection would make the instance exit for nothing.
 */
export class StartupConnection {
  private constructor(
    private conn: mysql.Connection,
    private readonly config: AppConfig,
    private readonly logger: Logger,
    private database?: string,
    private reconnecting?: Promise<void>,
  ) {}

  static async open(config: AppConfig, logger: Logger): Promise<StartupConnection> {
    return new StartupConnection(await connectServer(config), config, logger);
  }

  query(sql: string, values?: unknown[]): Promise<[unknown, unknown]> {
    return this.conn.query(sql, values);
  }

  /** Makes `database` the default one, now and on every replacement connection. */
  async useDatabase(database: string): Promise<void> {
    this.database = database;
    await this.prepare(this.conn);
  }

  /** Replaces the connection; calls made while a replacement is under way share it. */
  reconnect(): Promise<void> {
    this.reconnecting ??= this.replace().finally(() => (this.reconnecting = undefined));
    return this.reconnecting;
  }

  async end(): Promise<void> {
    await this.conn.end().catch(() => this.conn.destroy());
  }

  private async replace(): Promise<void> {
    this.conn.destroy();
    for (let attempt = 1; ; attempt++) {
      try {
        const conn = await connectServer(this.config);
        try {
          await this.prepare(conn);
        } catch (err) {
          conn.destroy();
          throw err;
        }
        this.conn = conn;
        this.logger.info({ attempt }, 'start-up database connection lost: replaced it');
        return;
      } catch (err) {
        const temporary = err instanceof DatabaseUnavailableError || isTransient(classifyDatabaseError(err));
        if (!temporary || attempt >= RECONNECT_ATTEMPTS) throw err;
        await pause(RECONNECT_PAUSE_MS);
      }
    }
  }

  private async prepare(conn: mysql.Connection): Promise<void> {
    if (this.database === undefined) return;
    await conn.query(`USE \`${this.database.replace(/`/g, '``')}\``);
    await prepareSession(conn, this.config.dbLockWaitTimeoutSeconds);
  }
}

async function connectServer(config: AppConfig): Promise<mysql.Connection> {
  const url = new URL(config.databaseUrl);
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

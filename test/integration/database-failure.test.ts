import net from 'node:net';
import { DeadlockException, LockWaitTimeoutException, MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { classifyDatabaseError, mayRetry, needsFreshConnection, RETRY_POLICIES, retryDelayMs } from '../../src/db/database-failure';
import { toErrorResponse } from '../../src/http/error-mapping';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** The rejection of `promise`, which must reject. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The classification is tried against errors the real drivers raise, produced for real on the
 * test MariaDB: raw mysql2 errors, and the MikroORM exceptions the services see. The errors only
 * a Galera cluster raises (1213 thrown by COMMIT, 1047 from a node outside the primary
 * component) are produced in the cluster test.
 */
describe('classifying database failures', () => {
  let db: TestDatabase;
  const connections: mysql.Connection[] = [];
  const connect = async () => {
    const conn = await mysql.createConnection(db.config.databaseUrl);
    connections.push(conn);
    return conn;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.orm.em.getConnection().execute('CREATE TABLE probe (id INT PRIMARY KEY, v INT NOT NULL)');
    await db.orm.em.getConnection().execute('INSERT INTO probe VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.end().catch(() => undefined)));
    await db.drop();
  });

  it('calls a deadlock between two transactions a conflict, from mysql2 and from MikroORM', async () => {
    const a = await connect();
    const b = await connect();
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    await b.query('SELECT * FROM probe WHERE id = 2 FOR UPDATE');
    const aWaits = a.query('SELECT * FROM probe WHERE id = 2 FOR UPDATE');
    await new Promise((r) => setTimeout(r, 200));
    const raw = await failureOf(b.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE'));
    await aWaits;
    await a.query('ROLLBACK');
    expect(raw).toMatchObject({ errno: 1213, sqlState: '40001', code: 'ER_LOCK_DEADLOCK' });
    expect(classifyDatabaseError(raw)).toBe('conflict');

    const em = db.orm.em.fork();
    await a.query('BEGIN');
    await a.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    const orm = await failureOf(
      em.transactional(async (tx) => {
        await tx.execute('SELECT * FROM probe WHERE id = 2 FOR UPDATE');
        const aWaitsAgain = a.query('SELECT * FROM probe WHERE id = 2 FOR UPDATE');
        await new Promise((r) => setTimeout(r, 200));
        try {
          await tx.execute('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
        } finally {
          void aWaitsAgain.then(() => a.query('ROLLBACK'));
        }
      }),
    );
    expect(orm).toBeInstanceOf(DeadlockException);
    expect(classifyDatabaseError(orm)).toBe('conflict');
    expect(mayRetry('conflict', 1)).toBe(true);
  });

  it('calls a lock wait timeout a lock timeout, from mysql2 and from MikroORM', async () => {
    const holder = await connect();
    const waiter = await connect();
    await holder.query('BEGIN');
    await holder.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    await waiter.query('SET SESSION innodb_lock_wait_timeout = 1');
    const raw = await failureOf(waiter.query('UPDATE probe SET v = v + 1 WHERE id = 1'));
    expect(raw).toMatchObject({ errno: 1205 });
    expect(classifyDatabaseError(raw)).toBe('lock-timeout');

    const orm = await MikroORM.init(
      mikroOrmOptions(loadConfig({ DATABASE_URL: db.config.databaseUrl, DB_LOCK_WAIT_TIMEOUT_SECONDS: '1' })),
    );
    try {
      const converted = await failureOf(orm.em.fork().execute('UPDATE probe SET v = v + 1 WHERE id = 1'));
      expect(converted).toBeInstanceOf(LockWaitTimeoutException);
      expect(classifyDatabaseError(converted)).toBe('lock-timeout');
    } finally {
      await holder.query('ROLLBACK');
      await orm.close(true);
    }
    expect(mayRetry('lock-timeout', RETRY_POLICIES['lock-timeout'].attempts)).toBe(false);
  });

  it('calls a killed connection lost, and the pool then serves the next query on a fresh one', async () => {
    const killer = await connect();
    const victim = await connect();
    await killer.query(`KILL CONNECTION ${victim.threadId}`);
    const killed = await failureOf(victim.query('SELECT 1'));
    expect(classifyDatabaseError(killed)).toBe('connection-lost');
    const afterwards = await failureOf(victim.query('SELECT 1'));
    expect(classifyDatabaseError(afterwards)).toBe('connection-lost');
    expect(needsFreshConnection('connection-lost')).toBe(true);

    // The pool drops a connection the server closed while it was idle: the next query runs on a
    // fresh one instead of failing.
    const connection = db.orm.em.getConnection();
    const [{ id }] = await connection.execute<{ id: number }[]>('SELECT CONNECTION_ID() AS id');
    await killer.query(`KILL CONNECTION ${id}`);
    await new Promise((r) => setTimeout(r, 100));
    const [{ fresh }] = await connection.execute<{ fresh: number }[]>('SELECT CONNECTION_ID() AS fresh');
    expect(fresh).not.toBe(id);
  });

  it('calls a refused connection lost, from mysql2 and from MikroORM', async () => {
    const port = await closedPort();
    const raw = await failureOf(mysql.createConnection({ host: '127.0.0.1', port, user: 'root' }));
    expect(raw).toMatchObject({ code: 'ECONNREFUSED' });
    expect(classifyDatabaseError(raw)).toBe('connection-lost');

    const orm = await MikroORM.init(
      mikroOrmOptions(loadConfig({ DATABASE_URL: `mysql://root@127.0.0.1:${port}/invoicing_test_none` }), { connect: false }),
    );
    try {
      const viaOrm = await failureOf(orm.em.fork().execute('SELECT 1'));
      expect(classifyDatabaseError(viaOrm)).toBe('connection-lost');
    } finally {
      await orm.close(true);
    }
  });

  it('calls an exhausted pool lost (no connection to be had)', async () => {
    const orm = await MikroORM.init(
      mikroOrmOptions(loadConfig({ DATABASE_URL: db.config.databaseUrl }), {
        pool: { min: 0, max: 1 },
        driverOptions: { acquireConnectionTimeout: 200 },
      }),
    );
    try {
      let release!: () => void;
      const held = orm.em.fork().transactional(async (tx) => {
        await tx.execute('SELECT 1');
        await new Promise<void>((r) => (release = r));
      });
      await new Promise((r) => setTimeout(r, 100));
      const starved = await failureOf(orm.em.fork().execute('SELECT 1'));
      release();
      await held;
      expect(starved).toMatchObject({ message: expect.stringMatching(/^Knex: Timeout acquiring a connection/) });
      expect(classifyDatabaseError(starved)).toBe('connection-lost');
    } finally {
      await orm.close(true);
    }
  });

  it('calls a statement of a transaction the server already ended a conflict, from knex and from MikroORM', async () => {
    // What a flush meets when a cluster aborts its transaction while a statement is still queued.
    const knex = db.orm.em.getKnex();
    const trx = await knex.transaction();
    await trx.rollback();
    const raw = await failureOf(trx.raw('SELECT 1'));
    expect((raw as Error).message).toMatch(/^Transaction query already complete/);
    const converted = await failureOf(db.orm.em.getConnection().execute('SELECT 1', [], 'all', trx));
    for (const err of [raw, converted]) {
      expect(classifyDatabaseError(err)).toBe('conflict');
      expect(mayRetry(classifyDatabaseError(err), 1)).toBe(true);
    }
  });

  it('leaves everything else alone: a duplicate key, a syntax error, a plain error', async () => {
    const conn = await connect();
    const duplicate = await failureOf(conn.query('INSERT INTO probe VALUES (1, 0)'));
    const syntax = await failureOf(conn.query('SELEC 1'));
    for (const err of [duplicate, syntax, new Error('boom'), 'a string', null]) {
      expect(classifyDatabaseError(err)).toBe('other');
      expect(mayRetry(classifyDatabaseError(err), 1)).toBe(false);
    }
    expect(toErrorResponse(syntax)).toMatchObject({ status: 500, body: { code: 'INTERNAL_ERROR' } });
  });

  it('maps every temporary failure to 503 SERVICE_UNAVAILABLE with Retry-After, never 500', async () => {
    const killer = await connect();
    const victim = await connect();
    await killer.query(`KILL CONNECTION ${victim.threadId}`);
    const lost = await failureOf(victim.query('SELECT 1'));
    expect(toErrorResponse(lost)).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE' },
      headers: { 'Retry-After': String(RETRY_POLICIES['connection-lost'].retryAfterSeconds) },
      unexpected: false,
    });
  });

  it('spreads retries with full jitter under a cap', () => {
    expect(retryDelayMs('conflict', 1, () => 0.999)).toBeLessThan(RETRY_POLICIES.conflict.baseMs);
    expect(retryDelayMs('conflict', 30, () => 0.999)).toBeLessThan(RETRY_POLICIES.conflict.capMs);
    expect(retryDelayMs('conflict', 30, () => 0)).toBe(0);
    expect(retryDelayMs('conflict', 4, () => 0.5)).toBe(Math.floor(0.5 * RETRY_POLICIES.conflict.baseMs * 8));
  });
});

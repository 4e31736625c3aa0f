import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { DatabaseUnavailableError, openDatabase } from '../../src/db/database-bootstrap';
import { MIGRATION_LOCK_TABLE } from '../../src/db/migration-lock';
import { MIGRATIONS } from '../../migrations';
import { LogCapture } from '../support/log-capture';
import { createLogger } from '../../src/logger';
import { assertTestDatabaseName, createTestDatabase, SERVER_URL } from '../support/test-database';
import { startTcpProxy } from '../support/tcp-proxy';

const WAITING = 'another instance is applying migrations: waiting for it';

/** Polls until `probe` is true (the lock waits in steps of a fraction of a second). */
async function until(probe: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; !(await probe()); i++) {
    if (i > 200) throw new Error(`${what}: never happened`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Start-up migrations under the lock row: instances starting at the same moment on an empty
 * database all come up, and the migrations are applied once. (The same on three Galera nodes is
 * in the cluster test, where a named lock would not have been enough.)
 */
describe('the start-up migration lock', () => {
  const names: string[] = [];
  const orms: MikroORM[] = [];
  let admin: mysql.Connection;

  const freshName = () => {
    const name = `invoicing_test_lock_${randomBytes(4).toString('hex')}`;
    assertTestDatabaseName(name);
    names.push(name);
    return name;
  };
  const open = async (name: string, logs = new LogCapture(), serverUrl = SERVER_URL) => {
    const orm = await openDatabase(loadConfig({ DATABASE_URL: `${serverUrl}/${name}` }), createLogger('debug', logs));
    orms.push(orm);
    return orm;
  };
  /**
   * A database as start-up leaves it, for the cases about a later start: a copy of the migrated
   * test template, open, since migrating one costs seconds (the first case migrates its own).
   */
  const migrated = async () => {
    const db = await createTestDatabase();
    names.push(db.name);
    orms.push(db.orm);
    return db.name;
  };

  beforeAll(async () => {
    admin = await mysql.createConnection(SERVER_URL);
  });
  afterAll(async () => {
    await Promise.all(orms.map((orm) => orm.close(true)));
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  });

  it('lets four instances start at once on an empty database: each migration applied once, the lock released', async () => {
    const name = freshName();
    const logs = Array.from({ length: 4 }, () => new LogCapture());
    await Promise.all(logs.map((l) => open(name, l)));

    const applied = logs.map((l) => l.entries().filter((e) => e.msg === 'applied database migrations'));
    expect(applied.flat()).toHaveLength(1);
    expect(applied.flat()[0].migrations).toEqual(MIGRATIONS.map((m) => m.name));
    const [executed] = await admin.query(`SELECT name FROM \`${name}\`.mikro_orm_migrations ORDER BY id`);
    expect((executed as { name: string }[]).map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    const [locks] = await admin.query(`SELECT * FROM \`${name}\`.${MIGRATION_LOCK_TABLE}`);
    expect(locks).toEqual([]);
  });

  it('waits while another holder keeps its lease, then starts once it is released', async () => {
    const name = await migrated();
    await admin.query(
      `INSERT INTO \`${name}\`.${MIGRATION_LOCK_TABLE} (id, holder, expires_at) VALUES (1, 'other-instance', UTC_TIMESTAMP() + INTERVAL 60 SECOND)`,
    );
    const logs = new LogCapture();
    let started = false;
    const starting = open(name, logs).then(() => (started = true));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(started).toBe(false);
    expect(logs.entries().map((e) => e.msg)).toContain('another instance is applying migrations: waiting for it');
    await admin.query(`DELETE FROM \`${name}\`.${MIGRATION_LOCK_TABLE} WHERE holder = 'other-instance'`);
    await starting;
    expect(started).toBe(true);
  });

  it('takes over the lease of a holder that died (its lease ran out)', async () => {
    const name = await migrated();
    await admin.query(
      `INSERT INTO \`${name}\`.${MIGRATION_LOCK_TABLE} (id, holder, expires_at) VALUES (1, 'crashed-instance', UTC_TIMESTAMP() - INTERVAL 1 SECOND)`,
    );
    await open(name);
    const [locks] = await admin.query(`SELECT * FROM \`${name}\`.${MIGRATION_LOCK_TABLE}`);
    expect(locks).toEqual([]);
  });

  const holdLock = (name: string) =>
    admin.query(
      `INSERT INTO \`${name}\`.${MIGRATION_LOCK_TABLE} (id, holder, expires_at) VALUES (1, 'other-instance', UTC_TIMESTAMP() + INTERVAL 60 SECOND)`,
    );
  const connectionsTo = async (name: string) => {
    const [rows] = await admin.query('SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = ?', [name]);
    return (rows as { id: number }[]).map((r) => Number(r.id));
  };

  it('replaces its start-up connection when it is killed while waiting, and goes on waiting, then starts', async () => {
    const name = await migrated();
    await holdLock(name);
    const before = new Set(await connectionsTo(name));
    const logs = new LogCapture();
    let outcome: 'waiting' | 'started' | Error = 'waiting';
    const starting = open(name, logs).then(
      () => (outcome = 'started'),
      (err: Error) => (outcome = err),
    );
    await until(() => logs.entries().some((e) => e.msg === WAITING), 'waiting for the lock');
    // Its start-up connection is the first one it opened on this database (the ORM's pool came after).
    const waiting = Math.min(...(await connectionsTo(name)).filter((id) => !before.has(id)));
    await admin.query(`KILL ${waiting}`);
    await until(() => logs.entries().some((e) => e.msg === 'start-up database connection lost: replaced it'), 'connection replaced');
    expect(outcome).toBe('waiting');
    expect(await connectionsTo(name)).not.toContain(waiting);

    await admin.query(`DELETE FROM \`${name}\`.${MIGRATION_LOCK_TABLE} WHERE holder = 'other-instance'`);
    await starting;
    expect(outcome).toBe('started');
    const [locks] = await admin.query(`SELECT * FROM \`${name}\`.${MIGRATION_LOCK_TABLE}`);
    expect(locks).toEqual([]);
  });

  it('still fails start-up with the one-line message when the database stays unreachable while it waits', async () => {
    const name = await migrated();
    await holdLock(name);
    const server = new URL(SERVER_URL);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 3306) });
    try {
      const logs = new LogCapture();
      const starting = open(name, logs, `mysql://root@127.0.0.1:${proxy.port}`).then(
        () => 'started',
        (err: unknown) => err,
      );
      await until(() => logs.entries().some((e) => e.msg === WAITING), 'waiting for the lock');
      proxy.cut();
      const failure = await starting;
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect((failure as Error).message).toMatch(
        new RegExp(`^Cannot reach the database at mysql://root@127\\.0\\.0\\.1:${proxy.port}/${name} \\(.+\\)\\. Start the local`),
      );
      expect((failure as Error).message).not.toContain('\n');
    } finally {
      await proxy.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { openDatabase } from '../../src/db/database-bootstrap';
import { MIGRATION_LOCK_TABLE } from '../../src/db/migration-lock';
import { MIGRATIONS } from '../../migrations';
import { LogCapture } from '../support/log-capture';
import { createLogger } from '../../src/logger';
import { assertTestDatabaseName } from '../support/test-database';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';

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
  const open = async (name: string, logs = new LogCapture()) => {
    const orm = await openDatabase(loadConfig({ DATABASE_URL: `${SERVER_URL}/${name}` }), createLogger('debug', logs));
    orms.push(orm);
    return orm;
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
    const name = freshName();
    await open(name);
    await admin.query(`INSERT INTO \`${name}\`.${MIGRATION_LOCK_TABLE} (id, holder, expires_at) VALUES (1, 'other-instance', UTC_TIMESTAMP() + INTERVAL 60 SECOND)`);
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
    const name = freshName();
    await open(name);
    await admin.query(`INSERT INTO \`${name}\`.${MIGRATION_LOCK_TABLE} (id, holder, expires_at) VALUES (1, 'crashed-instance', UTC_TIMESTAMP() - INTERVAL 1 SECOND)`);
    await open(name);
    const [locks] = await admin.query(`SELECT * FROM \`${name}\`.${MIGRATION_LOCK_TABLE}`);
    expect(locks).toEqual([]);
  });
});

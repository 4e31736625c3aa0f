import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { MIGRATIONS } from '../../migrations';

/**
 * Running the migrations costs a test file about 2 s; copying the schema they built costs a
 * tenth of that. So the real migrations run once per schema, into a template database, and each
 * test database is made from the template: its own CREATE TABLE statements (foreign keys
 * included, which CREATE TABLE ... LIKE would drop) and its rows (the migrations log, so start-up
 * finds nothing pending, and any row a migration seeds). The schema and migration tests run the
 * migrations themselves instead (createTestDatabase's `realMigrations`).
 */

const REPO_ROOT = path.resolve(__dirname, '../..');
/** What the schema is made of: the migrations, and the lock table start-up creates before them. */
const SCHEMA_SOURCES = ['migrations', 'src/db/migration-lock.ts'];
const TEMPLATE_PREFIX = 'invoicing_test_template_';
/** MikroORM's log of applied migrations (config/mikro-orm.config.ts). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
/** Held while a template is built, so that two jest workers never build the same one at once. */
const BUILD_LOCK = 'invoicing_test_template_build';
const BUILD_LOCK_WAIT_SECONDS = 600;
/**
 * Templates of other schemas (other branches, an edited migration) are dropped once this old: a
 * younger one may be what a run of another worktree on this server is copying right now.
 */
const STALE_AFTER_HOURS = 6;

const quoted = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** The template's name: keyed by the contents of what makes the schema, so an edit makes a new one. */
export function templateDatabaseName(): string {
  const hash = createHash('sha256');
  for (const file of SCHEMA_SOURCES.flatMap((source) => filesUnder(path.join(REPO_ROOT, source))).sort()) {
    hash.update(`${path.relative(REPO_ROOT, file)}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

function filesUnder(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs.readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
}

/**
 * The name of a complete template on `serverUrl`, built first with `migrate` (the real
 * migrations into the database it names) when there is none or a build was cut short.
 */
export async function templateDatabase(serverUrl: string, migrate: (database: string) => Promise<void>): Promise<string> {
  const name = templateDatabaseName();
  const conn = await mysql.createConnection(serverUrl);
  try {
    if (await isComplete(conn, name)) return name;
    const [[{ locked }]] = (await conn.query('SELECT GET_LOCK(?, ?) AS locked', [BUILD_LOCK, BUILD_LOCK_WAIT_SECONDS])) as [
      { locked: number | null }[],
      unknown,
    ];
    if (locked !== 1) throw new Error(`no lock to build the test template database within ${BUILD_LOCK_WAIT_SECONDS} s`);
    try {
      // Another worker may have built it while this one waited.
      if (!(await isComplete(conn, name))) {
        await conn.query(`DROP DATABASE IF EXISTS ${quoted(name)}`);
        await migrate(name);
        await dropStaleTemplates(conn, name);
      }
    } finally {
      await conn.query('SELECT RELEASE_LOCK(?)', [BUILD_LOCK]);
    }
    return name;
  } finally {
    await conn.end();
  }
}

/** Every migration logged as applied: a build that was cut short logged fewer. */
async function isComplete(conn: mysql.Connection, name: string): Promise<boolean> {
  const [tables] = (await conn.query('SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
    name,
    MIGRATIONS_TABLE,
  ])) as [unknown[], unknown];
  if (tables.length === 0) return false;
  const [[{ applied }]] = (await conn.query(`SELECT COUNT(*) AS applied FROM ${quoted(name)}.${quoted(MIGRATIONS_TABLE)}`)) as [
    { applied: number }[],
    unknown,
  ];
  return Number(applied) >= MIGRATIONS.length;
}

async function dropStaleTemplates(conn: mysql.Connection, current: string): Promise<void> {
  const [stale] = (await conn.query(
    'SELECT s.SCHEMA_NAME AS name FROM information_schema.SCHEMATA s WHERE s.SCHEMA_NAME LIKE ? AND s.SCHEMA_NAME <> ? AND NOT EXISTS ' +
      '(SELECT 1 FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = s.SCHEMA_NAME AND t.CREATE_TIME > NOW() - INTERVAL ? HOUR)',
    [`${TEMPLATE_PREFIX.replace(/_/g, '\\_')}%`, current, STALE_AFTER_HOURS],
  )) as [{ name: string }[], unknown];
  for (const { name } of stale) await conn.query(`DROP DATABASE IF EXISTS ${quoted(name)}`);
}

/**
 * Creates `name` as a copy of `template`: the same character set, tables (with their keys,
 * foreign keys and AUTO_INCREMENT) and rows. Foreign key checks are off while it is filled, so
 * tables may be created in any order. A copy that fails midway is dropped.
 */
export async function copyTemplateDatabase(serverUrl: string, template: string, name: string): Promise<void> {
  const conn = await mysql.createConnection({ uri: serverUrl, multipleStatements: true });
  try {
    const [[schema]] = (await conn.query(
      'SELECT DEFAULT_CHARACTER_SET_NAME AS charset, DEFAULT_COLLATION_NAME AS collation FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [template],
    )) as [{ charset: string; collation: string }[], unknown];
    if (schema === undefined) throw new Error(`the template database ${template} is gone`);
    const [tables] = (await conn.query(
      'SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
      [template],
    )) as [{ name: string; type: string }[], unknown];
    const notTables = tables.filter((t) => t.type !== 'BASE TABLE');
    if (notTables.length > 0)
      throw new Error(`the template holds what only tables are copied from: ${notTables.map((t) => t.name).join(', ')}`);
    const [shown] = (await conn.query(tables.map((t) => `SHOW CREATE TABLE ${quoted(template)}.${quoted(t.name)}`).join(';'))) as [
      unknown,
      unknown,
    ];
    // One statement gives one result set, several an array of them.
    const creates = (tables.length === 1 ? [shown] : (shown as unknown[])).map(
      (rows) => (rows as { 'Create Table': string }[])[0]['Create Table'],
    );
    try {
      await conn.query(
        [
          `CREATE DATABASE ${quoted(name)} CHARACTER SET ${schema.charset} COLLATE ${schema.collation}`,
          `USE ${quoted(name)}`,
          'SET FOREIGN_KEY_CHECKS = 0',
          ...creates,
          ...tables.map((t) => `INSERT INTO ${quoted(t.name)} SELECT * FROM ${quoted(template)}.${quoted(t.name)}`),
          'SET FOREIGN_KEY_CHECKS = 1',
        ].join(';\n'),
      );
    } catch (err) {
      await conn.query(`DROP DATABASE IF EXISTS ${quoted(name)}`);
      throw err;
    }
  } finally {
    await conn.end();
  }
}

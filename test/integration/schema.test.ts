import { DatabaseSchema, EntityMetadata, MikroORM } from '@mikro-orm/mysql';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Migrations are written by hand, so nothing but this test ties them to the entities: on a
 * database built from scratch by the real migrations (as `npm start` builds it), MikroORM's diff
 * from that database to the entity declarations must be empty. A column whose type, length,
 * nullability, default, index or foreign key differs between a migration and its entity shows up
 * here as the SQL that would reconcile them.
 */
describe('database schema', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    // Not a copy of the test template: this is the test that vouches for what the migrations build.
    db = await createTestDatabase({}, { realMigrations: true });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('built by the migrations is exactly what the entities declare', async () => {
    expect(await schemaDiff(db.orm)).toBe('');
  });

  it('is what every other test gets: a copy of the test template has the same tables, keys and migrations log', async () => {
    const copy = await createTestDatabase();
    try {
      const built = await tablesAndLog(db.orm);
      expect(built.tables.length).toBeGreaterThan(20);
      expect(await tablesAndLog(copy.orm)).toEqual(built);
    } finally {
      await copy.drop();
    }
  });

  // Each case changes one property the way an edited decorator would, in a second ORM over the
  // same migrated database: the entity changes, the migrations do not, so the diff must say so.
  it.each([
    {
      change: 'a shorter string column',
      entity: 'Client',
      property: 'clientName',
      edit: { length: 200 },
      expected: /alter table `clients` modify `client_name` varchar\(200\) not null/,
    },
    {
      change: 'a nullable column made required',
      entity: 'Invoice',
      property: 'purchaseOrderNumber',
      edit: { nullable: false },
      expected: /alter table `invoices` modify `purchase_order_number` varchar\(255\) not null/,
    },
    {
      // A property the entity declares itself: an inherited one (SaleLineRecord's) is not in its metadata yet here.
      change: 'an exchange rate with two decimals instead of four',
      entity: 'Invoice',
      property: 'appliedDollarExchangeRate',
      edit: { scale: 2 },
      expected: /alter table `invoices` modify `applied_dollar_exchange_rate` numeric\(18,2\);/,
    },
  ])('reports $change declared in an entity but not migrated', async ({ entity, property, edit, expected }) => {
    const edited = await MikroORM.init(
      mikroOrmOptions(db.config, {
        discovery: {
          disableDynamicFileAccess: true,
          requireEntitiesArray: true,
          onMetadata: (meta: EntityMetadata) => {
            // A copy of the property, so the decorator metadata other ORMs discover stays as written.
            if (meta.className === entity) meta.properties[property as never] = { ...meta.properties[property as never], ...edit };
          },
        },
      }),
    );
    try {
      const diff = await schemaDiff(edited);
      expect(diff).toMatch(expected);
      // Only the edited column: the rest of the schema still matches.
      expect(
        diff
          .trim()
          .split('\n')
          .filter((line) => line.trim() !== ''),
      ).toHaveLength(1);
    } finally {
      await edited.close(true);
    }
  });
});

/** Every table as SHOW CREATE TABLE gives it, with its row count, and the migrations logged as applied. */
async function tablesAndLog(orm: MikroORM): Promise<{ tables: string[]; migrations: string[] }> {
  const conn = orm.em.fork().getConnection();
  const names = await conn.execute<{ name: string }[]>(
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME',
  );
  const tables: string[] = [];
  for (const { name } of names) {
    const [shown] = await conn.execute<Record<string, string>[]>(`SHOW CREATE TABLE \`${name}\``);
    const [{ count }] = await conn.execute<{ count: number }[]>(`SELECT COUNT(*) AS count FROM \`${name}\``);
    tables.push(`${shown['Create Table']} -- ${count} row(s)`);
  }
  const migrations = await conn.execute<{ name: string }[]>('SELECT name FROM mikro_orm_migrations ORDER BY id');
  return { tables, migrations: migrations.map((m) => m.name) };
}

/** The SQL that would bring the database to the entities' schema; empty when they agree. */
async function schemaDiff(orm: MikroORM): Promise<string> {
  const em = orm.em.fork();
  const fromSchema = await DatabaseSchema.create(em.getConnection(), em.getPlatform(), orm.config);
  const [{ version }] = await em.getConnection().execute<{ version: string }[]>('select version() as version');
  if (/mariadb/i.test(version)) undoMariaDbDefaultQuoting(fromSchema);
  const sql = await orm.getSchemaGenerator().getUpdateSchemaSQL({ fromSchema, wrap: false });
  return sql.trim();
}

/**
 * The one place that corrects what the database reports, and only for MariaDB. Since 10.2.7 its
 * information_schema gives a column default as an SQL expression (a nullable column without a
 * default reads `NULL`, the string default HNL reads `'HNL'`, quotes included), while MySQL gives
 * the value. MikroORM's MySQL driver, which this service uses on both servers, reads it as a value
 * and quotes string-column defaults once more, so every nullable VARCHAR would seem to default to
 * the text 'NULL', and `currency` to the text 'HNL' with its quotes. Here a string column's
 * default loses that one extra layer of quoting: `'NULL'` (no default) becomes none and
 * `'\'HNL\''` becomes `'HNL'`. A real string default of 'NULL' would read `'\'NULL\''` and stay a
 * string; nothing else (type, length, nullability, other defaults, indexes, keys) is touched.
 */
function undoMariaDbDefaultQuoting(schema: DatabaseSchema): void {
  for (const table of schema.getTables()) {
    for (const column of table.getColumns()) {
      if (typeof column.default !== 'string') continue;
      if (column.default === "'NULL'" && column.nullable) column.default = undefined;
      else column.default = column.default.replace(/^'\\'(.*)\\''$/, "'$1'");
    }
  }
}

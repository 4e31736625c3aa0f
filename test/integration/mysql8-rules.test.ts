import pino from 'pino';
import { StartupConnection } from '../../src/db/startup-connection';
import { MYSQL8_SQL_MODE } from '../../src/db/session-setup';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The tests run on MariaDB, whose default sql_mode is laxer than MySQL 8's; the service sets
 * MySQL 8's on every session, so a query that passes here is one MySQL 8 also runs.
 */
describe("every database session runs under MySQL 8's rules", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const modeOf = (sql: string): string[] => sql.split(',').sort();

  it('refuses, through the ORM, a GROUP BY that selects a column it does not group by', async () => {
    const em = db.orm.em.fork();
    const [session] = await em.getConnection().execute<{ mode: string }[]>('SELECT @@SESSION.sql_mode AS mode');
    expect(modeOf(session.mode)).toEqual(modeOf(MYSQL8_SQL_MODE));
    await expect(em.getConnection().execute('SELECT company_id, client_name FROM clients GROUP BY company_id')).rejects.toMatchObject({
      code: 'ER_WRONG_FIELD_WITH_GROUP',
    });
  });

  it('refuses, through the ORM, a zero date', async () => {
    const conn = db.orm.em.fork().getConnection();
    await conn.execute('CREATE TABLE zero_date_probe (d DATETIME NULL)');
    await expect(conn.execute("INSERT INTO zero_date_probe VALUES ('0000-00-00 00:00:00')")).rejects.toMatchObject({
      code: 'ER_TRUNCATED_WRONG_VALUE',
    });
  });

  it('sets the same rules on the start-up connection, which holds the migration lock', async () => {
    const conn = await StartupConnection.open(db.config, pino({ level: 'silent' }));
    try {
      await conn.useDatabase(db.name);
      const [rows] = await conn.query('SELECT @@SESSION.sql_mode AS mode');
      expect(modeOf((rows as { mode: string }[])[0].mode)).toEqual(modeOf(MYSQL8_SQL_MODE));
    } finally {
      await conn.end();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { assertTestDatabaseName } from '../support/test-database';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';

/** How long one case may take: they run side by side, so each waits on MariaDB beside the others. */
const CASE_TIMEOUT_MS = 180_000;

/**
 * The cases run concurrently: each migrates a database of its own, step by step, and spends most
 * of its time waiting on MariaDB's DDL, which one after the other left a core idle for a minute.
 */
describe('migrations', () => {
  // jest starts concurrent cases before a describe's beforeAll, so the first case makes it.
  let connecting: Promise<mysql.Connection> | undefined;
  const admin = () => (connecting ??= mysql.createConnection(SERVER_URL));
  const opened: { name: string; orm: MikroORM }[] = [];

  /** An empty database of its own, for a case that migrates step by step. */
  async function emptyDatabase(env: Record<string, string> = {}): Promise<MikroORM> {
    const name = `invoicing_test_migr_${randomBytes(4).toString('hex')}`;
    assertTestDatabaseName(name);
    await (await admin()).query(`CREATE DATABASE \`${name}\``);
    const orm = await MikroORM.init(mikroOrmOptions(loadConfig({ ...env, DATABASE_URL: `${SERVER_URL}/${name}` })));
    opened.push({ name, orm });
    return orm;
  }

  type Sql = (statement: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  /**
   * A database migrated up to `before`, where a case writes rows as that schema held them; then
   * `migrateRest` runs every later migration, which must include `expected` and leave none pending.
   */
  async function schemaAt(
    before: string,
    env: Record<string, string> = {},
  ): Promise<{ sql: Sql; migrateRest: (expected: string) => Promise<void> }> {
    const orm = await emptyDatabase(env);
    const migrator = orm.getMigrator();
    await migrator.up({ to: before });
    const sql: Sql = (statement, params = []) => orm.em.getConnection().execute(statement, params);
    const migrateRest = async (expected: string) => {
      const applied = await migrator.up();
      expect(applied.map((m) => m.name)).toContain(expected);
      expect(await migrator.getPendingMigrations()).toEqual([]);
    };
    return { sql, migrateRest };
  }

  /** Company 1, OLD, with only the columns every schema has. */
  const oldCompany = (sql: Sql) =>
    sql(
      "INSERT INTO companies (id, code, name, rtn, created_at, updated_at) VALUES (1, 'OLD', 'Comercial Antigua', '08019999000001', NOW(3), NOW(3))",
    );

  /**
   * Company 1 as a schema with document types held it: emission point 1 (000-001), invoice range 1
   * (CAI AAA) and credit-note range 2 (CAI BBB), and the user, terminal and price list an invoice
   * points at, so a case can insert its invoices and notes.
   */
  async function companyWithRanges(sql: Sql): Promise<void> {
    await oldCompany(sql);
    await sql("INSERT INTO establishments (id, company_id, code) VALUES (1, 1, '000')");
    await sql("INSERT INTO emission_points (id, establishment_id, code) VALUES (1, 1, '001')");
    await sql(
      "INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number, document_type) VALUES (1, 1, 'AAA', 1, 500, '2099-06-30', 41, 'invoice'), (2, 1, 'BBB', 1, 500, '2099-06-30', 3, 'creditNote')",
    );
    await invoiceReferences(sql);
  }

  /** The user, terminal and price list (id 1 each, of company 1) an invoice of every schema points at. */
  async function invoiceReferences(sql: Sql): Promise<void> {
    await sql("INSERT INTO operator_users (id, company_id, code, name) VALUES (1, 1, 'u', 'U')");
    await sql("INSERT INTO payment_terminals (id, company_id, code, name) VALUES (1, 1, 't', 'T')");
    await sql("INSERT INTO price_lists (id, company_id, code) VALUES (1, 1, 'P')");
  }

  afterAll(async () => {
    if (connecting === undefined) return;
    const connection = await connecting;
    for (const { name, orm } of opened) {
      await orm.close(true);
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    }
    await connection.end();
  });

  it.concurrent(
    'fill the issuer snapshot of invoices issued before it existed, from the setup of the time',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261122000000Initial');
      await sql(
        "INSERT INTO companies (id, code, name, trade_name, rtn, address, phone, email, created_at, updated_at) VALUES (1, 'OLD', 'Comercial Antigua', 'La Antigua', '08019999000001', 'Barrio Abajo', '+504 2222-1111', 'f@antigua.hn', NOW(3), NOW(3))",
      );
      await sql(
        "INSERT INTO establishments (id, company_id, code, name, address) VALUES (1, 1, '000', 'Casa matriz', 'Barrio Abajo, local 3')",
      );
      await sql("INSERT INTO emission_points (id, establishment_id, code) VALUES (1, 1, '001')");
      await sql(
        "INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number) VALUES (1, 1, 'ABC123-ABC123-ABC123-ABC123-ABC123-AB', 1, 500, '2027-06-30', 2)",
      );
      await invoiceReferences(sql);
      await sql(
        'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date, importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, creator_user_id, payment_terminal_id, price_list_id, created_at) ' +
          "VALUES (1, 1, 1, 'ABC123-ABC123-ABC123-ABC123-ABC123-AB', 1, '000-001-01-00000001', NOW(3), 100, 0, 0, 0, 15, 115, 'CIENTO QUINCE LEMPIRAS CON 00/100', 1, 1, 1, NOW(3))",
      );

      await migrateRest('Migration20261122020000InvoiceIssuerSnapshot');
      const [row] = await sql(
        'SELECT issuer_name, issuer_trade_name, issuer_rtn, issuer_address, issuer_phone, issuer_email, establishment_name, establishment_address, cai_range_start, cai_range_end, cai_deadline FROM invoices',
      );
      expect({ ...row, cai_deadline: String(row.cai_deadline).slice(0, 10) }).toEqual({
        issuer_name: 'Comercial Antigua',
        issuer_trade_name: 'La Antigua',
        issuer_rtn: '08019999000001',
        issuer_address: 'Barrio Abajo',
        issuer_phone: '+504 2222-1111',
        issuer_email: 'f@antigua.hn',
        establishment_name: 'Casa matriz',
        establishment_address: 'Barrio Abajo, local 3',
        cai_range_start: 1,
        cai_range_end: 500,
        cai_deadline: '2027-06-30',
      });
    },
    CASE_TIMEOUT_MS,
  );

  it.concurrent(
    'make every CAI range that existed before document types an invoice range',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261124050000ReadRevisions');
      await oldCompany(sql);
      await sql("INSERT INTO establishments (id, company_id, code) VALUES (1, 1, '000')");
      await sql("INSERT INTO emission_points (id, establishment_id, code) VALUES (1, 1, '001'), (2, 1, '002')");
      await sql(
        'INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number, deleted_at) VALUES ' +
          "(1, 1, 'AAA', 1, 500, '2027-06-30', 2, NULL), (2, 2, 'BBB', 1, 100, '2026-01-31', 1, NOW(3))",
      );

      await migrateRest('Migration20261126000000CaiRangeDocumentType');
      expect(await sql('SELECT id, document_type FROM cai_ranges ORDER BY id')).toEqual([
        { id: 1, document_type: 'invoice' },
        { id: 2, document_type: 'invoice' },
      ]);
    },
    CASE_TIMEOUT_MS,
  );

  it.concurrent(
    'give every invoice and note issued before verification pages a random token of its own',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261127000000CatalogRevision');
      await companyWithRanges(sql);
      const invoices = Array.from({ length: 40 }, (_, i) => i + 1);
      await sql(
        'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date, issuer_name, issuer_rtn, cai_range_start, cai_range_end, cai_deadline, ' +
          'importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, creator_user_id, payment_terminal_id, price_list_id, created_at) VALUES ' +
          invoices
            .map(
              (n) =>
                `(1, 1, 1, 'AAA', ${n}, '000-001-01-${String(n).padStart(8, '0')}', NOW(3), 'Comercial Antigua', '08019999000001', 1, 500, '2099-06-30', 100, 0, 0, 0, 15, 115, 'CIENTO QUINCE LEMPIRAS CON 00/100', 1, 1, 1, NOW(3))`,
            )
            .join(', '),
      );
      await sql(
        'INSERT INTO notes (company_id, document_type, emission_point_id, cai_range_id, cai, note_number, fiscal_number, note_date, cai_range_start, cai_range_end, cai_deadline, ' +
          'issuer_name, issuer_rtn, invoice_id, invoice_fiscal_number, invoice_cai, invoice_date, is_exonerated, reason, importe, discount_total, exempted_amount, ' +
          'exonerated_amount, total_taxes, total, total_in_letters, created_at) VALUES ' +
          [1, 2]
            .map(
              (n) =>
                `(1, 'creditNote', 1, 2, 'BBB', ${n}, '000-001-06-0000000${n}', NOW(3), 1, 500, '2099-06-30', 'Comercial Antigua', '08019999000001', ${n}, '000-001-01-0000000${n}', 'AAA', NOW(3), 0, 'Devolución', 10, 0, 0, 0, 1.5, 11.5, 'ONCE LEMPIRAS CON 50/100', NOW(3))`,
            )
            .join(', '),
      );

      await migrateRest('Migration20261128000000VerificationTokens');
      const tokens = [
        ...(await sql('SELECT verification_token AS token FROM invoices')),
        ...(await sql('SELECT verification_token AS token FROM notes')),
      ].map((row) => String(row.token));
      expect(tokens).toHaveLength(42);
      for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(tokens).size).toBe(42);
      const [first] = await sql('SELECT verification_token AS token FROM notes WHERE id = 1');
      await expect(sql(`UPDATE notes SET verification_token = '${String(first.token)}' WHERE id = 2`)).rejects.toThrow(
        /uq_notes_verification_token|Duplicate/,
      );
    },
    CASE_TIMEOUT_MS,
  );

  it.concurrent(
    'keep every idempotency key as its bytes, and tell keys apart that differ only in case or accent',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261128400000Activity');
      await oldCompany(sql);
      const insertKey = (key: string, documentId: number) =>
        sql(
          "INSERT INTO idempotency_records (company_id, scope, idempotency_key, fingerprint, document_id, created_at) VALUES (1, 'invoice', ?, 'f', ?, NOW(3))",
          [key, documentId],
        );
      await insertKey('ORD-x7Kq', 1);
      await insertKey('pedido-\u00e9', 2);
      // Before: the collation made these the same key.
      await expect(insertKey('ORD-X7KQ', 3)).rejects.toThrow(/Duplicate/);

      await migrateRest('Migration20261129000000ExactIdempotencyKeys');
      const documentOf = async (key: string) =>
        (await sql('SELECT document_id AS id FROM idempotency_records WHERE idempotency_key = ?', [key])).map((row) => row.id);
      expect(await documentOf('ORD-x7Kq')).toEqual([1]);
      expect(await documentOf('pedido-\u00e9')).toEqual([2]);
      expect(await documentOf('ORD-X7KQ')).toEqual([]);
      expect(await documentOf('pedido-e')).toEqual([]);
      await insertKey('ORD-X7KQ', 3);
      await insertKey('pedido-e', 4);
      await expect(insertKey('ORD-x7Kq', 5)).rejects.toThrow(/Duplicate/);
    },
    CASE_TIMEOUT_MS,
  );

  it.concurrent(
    'keep the failed sign-ins counted before addresses were, with no address, and give each e-mail tried a row to lock',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261129200000ServerSecrets');
      await sql(
        "INSERT INTO console_sign_in_failures (email, failed_at) VALUES ('ana@example.hn', '2026-11-28 10:00:00.000'), ('ana@example.hn', '2026-11-28 10:01:00.000')",
      );

      await migrateRest('Migration20261129300000SignInThrottling');
      expect(await sql('SELECT email, address FROM console_sign_in_failures ORDER BY id')).toEqual([
        { email: 'ana@example.hn', address: '' },
        { email: 'ana@example.hn', address: '' },
      ]);
      await sql("INSERT INTO console_sign_in_throttles (email) VALUES ('ana@example.hn')");
      await expect(sql("INSERT INTO console_sign_in_throttles (email) VALUES ('ana@example.hn')")).rejects.toThrow(/PRIMARY|Duplicate/);
      expect(await sql('SELECT email, checked FROM console_sign_in_throttles')).toEqual([{ email: 'ana@example.hn', checked: 0 }]);
    },
    CASE_TIMEOUT_MS,
  );

  it.concurrent(
    'give every invoice and note issued before stored verification bases the PUBLIC_BASE_URL of the process that migrates',
    async () => {
      const { sql, migrateRest } = await schemaAt('Migration20261129200000ServerSecrets', {
        PUBLIC_BASE_URL: 'https://facturas.antigua.example/',
      });
      await companyWithRanges(sql);
      await sql(
        'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date, issuer_name, issuer_rtn, cai_range_start, cai_range_end, cai_deadline, ' +
          'importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, creator_user_id, payment_terminal_id, price_list_id, verification_token, created_at) VALUES ' +
          [1, 2]
            .map(
              (n) =>
                `(1, 1, 1, 'AAA', ${n}, '000-001-01-0000000${n}', NOW(3), 'Comercial Antigua', '08019999000001', 1, 500, '2099-06-30', 100, 0, 0, 0, 15, 115, 'CIENTO QUINCE LEMPIRAS CON 00/100', 1, 1, 1, 'tokenfactura${n}aaaaaaaaa', NOW(3))`,
            )
            .join(', '),
      );
      await sql(
        'INSERT INTO notes (company_id, document_type, emission_point_id, cai_range_id, cai, note_number, fiscal_number, note_date, cai_range_start, cai_range_end, cai_deadline, ' +
          'issuer_name, issuer_rtn, invoice_id, invoice_fiscal_number, invoice_cai, invoice_date, is_exonerated, reason, importe, discount_total, exempted_amount, ' +
          "exonerated_amount, total_taxes, total, total_in_letters, verification_token, created_at) VALUES (1, 'creditNote', 1, 2, 'BBB', 1, '000-001-06-00000001', NOW(3), 1, 500, " +
          "'2099-06-30', 'Comercial Antigua', '08019999000001', 1, '000-001-01-00000001', 'AAA', NOW(3), 0, 'Devolución', 10, 0, 0, 0, 1.5, 11.5, 'ONCE LEMPIRAS CON 50/100', 'tokennota1aaaaaaaaaaaa', NOW(3))",
      );

      await migrateRest('Migration20261129400000VerificationBases');
      // The address they printed until now: the base (without its trailing slash) and their token.
      const bases = [
        ...(await sql('SELECT verification_base_url AS base FROM invoices')),
        ...(await sql('SELECT verification_base_url AS base FROM notes')),
      ].map((row) => row.base);
      expect(bases).toEqual(['https://facturas.antigua.example', 'https://facturas.antigua.example', 'https://facturas.antigua.example']);
      expect(await sql('SELECT verification_base_url AS base FROM companies')).toEqual([{ base: null }]);
      const required = await sql(
        "SELECT table_name AS t, is_nullable AS n FROM information_schema.columns WHERE table_schema = DATABASE() AND column_name = 'verification_base_url' ORDER BY table_name",
      );
      expect(required.map((c) => [c.t ?? c.TABLE_NAME, c.n ?? c.IS_NULLABLE])).toEqual([
        ['companies', 'YES'],
        ['invoices', 'NO'],
        ['notes', 'NO'],
      ]);
    },
    CASE_TIMEOUT_MS,
  );
});

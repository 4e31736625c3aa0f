import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { assertTestDatabaseName } from '../support/test-database';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'mysql://root@127.0.0.1:3306';

describe('migrations', () => {
  let admin: mysql.Connection;
  const opened: { name: string; orm: MikroORM }[] = [];

  /** An empty database of its own, for a case that migrates step by step. */
  async function emptyDatabase(): Promise<MikroORM> {
    const name = `invoicing_test_migr_${randomBytes(4).toString('hex')}`;
    assertTestDatabaseName(name);
    await admin.query(`CREATE DATABASE \`${name}\``);
    const orm = await MikroORM.init(mikroOrmOptions(loadConfig({ DATABASE_URL: `${SERVER_URL}/${name}` })));
    opened.push({ name, orm });
    return orm;
  }

  beforeAll(async () => {
    admin = await mysql.createConnection(SERVER_URL);
  });
  afterAll(async () => {
    for (const { name, orm } of opened) {
      await orm.close(true);
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    }
    await admin.end();
  });

  it('fill the issuer snapshot of invoices issued before it existed, from the setup of the time', async () => {
    const orm = await emptyDatabase();
    const migrator = orm.getMigrator();
    await migrator.up({ to: 'Migration20261122000000Initial' });
    const sql = (statement: string) => orm.em.getConnection().execute(statement);
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
    await sql("INSERT INTO operator_users (id, company_id, code, name) VALUES (1, 1, 'u', 'U')");
    await sql("INSERT INTO payment_terminals (id, company_id, code, name) VALUES (1, 1, 't', 'T')");
    await sql("INSERT INTO price_lists (id, company_id, code) VALUES (1, 1, 'P')");
    await sql(
      'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date, importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, creator_user_id, payment_terminal_id, price_list_id, created_at) ' +
        "VALUES (1, 1, 1, 'ABC123-ABC123-ABC123-ABC123-ABC123-AB', 1, '000-001-01-00000001', NOW(3), 100, 0, 0, 0, 15, 115, 'CIENTO QUINCE LEMPIRAS CON 00/100', 1, 1, 1, NOW(3))",
    );

    const applied = await migrator.up();
    expect(applied.map((m) => m.name)).toContain('Migration20261122020000InvoiceIssuerSnapshot');
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
    expect(await migrator.getPendingMigrations()).toEqual([]);
  });

  it('make every CAI range that existed before document types an invoice range', async () => {
    const orm = await emptyDatabase();
    const migrator = orm.getMigrator();
    await migrator.up({ to: 'Migration20261124050000ReadRevisions' });
    const sql = (statement: string) => orm.em.getConnection().execute(statement);
    await sql(
      "INSERT INTO companies (id, code, name, rtn, created_at, updated_at) VALUES (1, 'OLD', 'Comercial Antigua', '08019999000001', NOW(3), NOW(3))",
    );
    await sql("INSERT INTO establishments (id, company_id, code) VALUES (1, 1, '000')");
    await sql("INSERT INTO emission_points (id, establishment_id, code) VALUES (1, 1, '001'), (2, 1, '002')");
    await sql(
      'INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number, deleted_at) VALUES ' +
        "(1, 1, 'AAA', 1, 500, '2027-06-30', 2, NULL), (2, 2, 'BBB', 1, 100, '2026-01-31', 1, NOW(3))",
    );

    const applied = await migrator.up();
    expect(applied.map((m) => m.name)).toContain('Migration20261126000000CaiRangeDocumentType');
    expect(await sql('SELECT id, document_type FROM cai_ranges ORDER BY id')).toEqual([
      { id: 1, document_type: 'invoice' },
      { id: 2, document_type: 'invoice' },
    ]);
    expect(await migrator.getPendingMigrations()).toEqual([]);
  });

  it('give every invoice and note issued before verification pages a random token of its own', async () => {
    const orm = await emptyDatabase();
    const migrator = orm.getMigrator();
    await migrator.up({ to: 'Migration20261127000000CatalogRevision' });
    const sql = (statement: string) => orm.em.getConnection().execute(statement);
    await sql(
      "INSERT INTO companies (id, code, name, rtn, created_at, updated_at) VALUES (1, 'OLD', 'Comercial Antigua', '08019999000001', NOW(3), NOW(3))",
    );
    await sql("INSERT INTO establishments (id, company_id, code) VALUES (1, 1, '000')");
    await sql("INSERT INTO emission_points (id, establishment_id, code) VALUES (1, 1, '001')");
    await sql(
      "INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number, document_type) VALUES (1, 1, 'AAA', 1, 500, '2099-06-30', 41, 'invoice'), (2, 1, 'BBB', 1, 500, '2099-06-30', 3, 'creditNote')",
    );
    await sql("INSERT INTO operator_users (id, company_id, code, name) VALUES (1, 1, 'u', 'U')");
    await sql("INSERT INTO payment_terminals (id, company_id, code, name) VALUES (1, 1, 't', 'T')");
    await sql("INSERT INTO price_lists (id, company_id, code) VALUES (1, 1, 'P')");
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

    const applied = await migrator.up();
    expect(applied.map((m) => m.name)).toContain('Migration20261128000000VerificationTokens');
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
    expect(await migrator.getPendingMigrations()).toEqual([]);
  });

  it('keep every idempotency key as its bytes, and tell keys apart that differ only in case or accent', async () => {
    const orm = await emptyDatabase();
    const migrator = orm.getMigrator();
    await migrator.up({ to: 'Migration20261128400000Activity' });
    const sql = (statement: string, params: unknown[] = []) => orm.em.getConnection().execute(statement, params);
    await sql(
      "INSERT INTO companies (id, code, name, rtn, created_at, updated_at) VALUES (1, 'OLD', 'Comercial Antigua', '08019999000001', NOW(3), NOW(3))",
    );
    const insertKey = (key: string, documentId: number) =>
      sql(
        "INSERT INTO idempotency_records (company_id, scope, idempotency_key, fingerprint, document_id, created_at) VALUES (1, 'invoice', ?, 'f', ?, NOW(3))",
        [key, documentId],
      );
    await insertKey('ORD-x7Kq', 1);
    await insertKey('pedido-\u00e9', 2);
    // Before: the collation made these the same key.
    await expect(insertKey('ORD-X7KQ', 3)).rejects.toThrow(/Duplicate/);

    const applied = await migrator.up();
    expect(applied.map((m) => m.name)).toContain('Migration20261129000000ExactIdempotencyKeys');
    const documentOf = async (key: string) =>
      (await sql('SELECT document_id AS id FROM idempotency_records WHERE idempotency_key = ?', [key])).map((row) => row.id);
    expect(await documentOf('ORD-x7Kq')).toEqual([1]);
    expect(await documentOf('pedido-\u00e9')).toEqual([2]);
    expect(await documentOf('ORD-X7KQ')).toEqual([]);
    expect(await documentOf('pedido-e')).toEqual([]);
    await insertKey('ORD-X7KQ', 3);
    await insertKey('pedido-e', 4);
    await expect(insertKey('ORD-x7Kq', 5)).rejects.toThrow(/Duplicate/);
    expect(await migrator.getPendingMigrations()).toEqual([]);
  });
});

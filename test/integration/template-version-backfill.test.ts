import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/mysql';
import mysql from 'mysql2/promise';
import pino from 'pino';
import { loadConfig } from '../../config/config';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { openDatabase } from '../../src/db/database-bootstrap';
import { framedPng } from '../support/png';
import { copyTemplatesDir, withBanner, writeEditedTemplate } from '../support/template-files';
import { assertTestDatabaseName, SERVER_URL } from '../support/test-database';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Invoices issued before template versions were kept get, at the start-up that applies the
 * migration, the template and logo current at that moment (SQL cannot read the files, so the
 * step runs right after the migrations, under their lock).
 */
describe('template versions of invoices issued before they were kept', () => {
  const name = `invoicing_test_tvb_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `${SERVER_URL}/${name}`;
  let admin: mysql.Connection;
  let templatesDir: string;

  beforeAll(async () => {
    assertTestDatabaseName(name);
    admin = await mysql.createConnection(SERVER_URL);
    await admin.query(`CREATE DATABASE \`${name}\``);
    templatesDir = copyTemplatesDir();
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
    fs.rmSync(templatesDir, { recursive: true, force: true });
  });

  it('fixes the current letterhead and logo of each company on its earlier invoices, once', async () => {
    const old = await MikroORM.init(mikroOrmOptions(loadConfig({ DATABASE_URL: databaseUrl })));
    await old.getMigrator().up({ to: 'Migration20261124000000ExoneratedBuyerReferences' });
    const sql = (statement: string) => old.em.getConnection().execute(statement);
    for (const [id, code] of [
      [1, 'OLD'],
      [2, 'PLAIN'],
    ] as const) {
      await sql(
        `INSERT INTO companies (id, code, name, rtn, created_at, updated_at) VALUES (${id}, '${code}', 'Comercial ${code}', '08019999000001', NOW(3), NOW(3))`,
      );
      await sql(`INSERT INTO establishments (id, company_id, code, name) VALUES (${id}, ${id}, '000', 'Casa matriz')`);
      await sql(`INSERT INTO emission_points (id, establishment_id, code) VALUES (${id}, ${id}, '001')`);
      await sql(
        `INSERT INTO cai_ranges (id, emission_point_id, cai, range_start, range_end, deadline, next_number) VALUES (${id}, ${id}, 'ABC123-ABC123-ABC123-ABC123-ABC123-A${id}', 1, 500, '2099-06-30', 3)`,
      );
      await sql(`INSERT INTO operator_users (id, company_id, code, name) VALUES (${id}, ${id}, 'u', 'U')`);
      await sql(`INSERT INTO payment_terminals (id, company_id, code, name) VALUES (${id}, ${id}, 't', 'T')`);
      await sql(`INSERT INTO price_lists (id, company_id, code) VALUES (${id}, ${id}, 'P')`);
      for (const n of [1, 2]) {
        await sql(
          'INSERT INTO invoices (company_id, emission_point_id, cai_range_id, cai, invoice_number, fiscal_number, invoice_date, issuer_name, issuer_rtn, cai_range_start, cai_range_end, cai_deadline, ' +
            'importe, discount_total, exempted_amount, exonerated_amount, total_taxes, total, total_in_letters, creator_user_id, payment_terminal_id, price_list_id, created_at) ' +
            `VALUES (${id}, ${id}, ${id}, 'ABC123-ABC123-ABC123-ABC123-ABC123-A${id}', ${n}, '000-001-01-0000000${n}', NOW(3), 'Comercial ${code}', '08019999000001', 1, 500, '2099-06-30', ` +
            `100, 0, 0, 0, 15, 115, 'CIENTO QUINCE LEMPIRAS CON 00/100', ${id}, ${id}, ${id}, NOW(3))`,
        );
      }
    }
    await old.close(true);

    const letterhead = path.join(templatesDir, 'companies', 'OLD', 'invoice.odt');
    await writeEditedTemplate(letterhead, withBanner('MEMBRETE DE SIEMPRE'));
    const logo = framedPng(120, 60, [200, 30, 30]);
    fs.writeFileSync(path.join(templatesDir, 'companies', 'OLD', 'logo.png'), logo);

    const config = loadConfig({ DATABASE_URL: databaseUrl, TEMPLATES_DIR: templatesDir, LOG_LEVEL: 'silent' });
    const fixedVersions = async () => {
      const orm = await openDatabase(config, pino({ level: 'silent' }));
      try {
        return await orm.em
          .getConnection()
          .execute(
            'SELECT i.company_id AS company, t.sha256 AS template, l.sha256 AS logo FROM invoices i ' +
              'LEFT JOIN template_versions t ON t.id = i.template_version_id LEFT JOIN template_versions l ON l.id = i.logo_version_id ORDER BY i.id',
          );
      } finally {
        await orm.close(true);
      }
    };

    const expected = [
      ...[1, 2].map(() => ({ company: 1, template: sha256(fs.readFileSync(letterhead)), logo: sha256(logo) })),
      ...[1, 2].map(() => ({ company: 2, template: sha256(fs.readFileSync(path.join(templatesDir, 'invoice.odt'))), logo: null })),
    ];
    expect(await fixedVersions()).toEqual(expected);

    // A later edit does not reach invoices that already have their versions, at the next start-up either.
    await writeEditedTemplate(letterhead, withBanner('MEMBRETE CAMBIADO'));
    expect(await fixedVersions()).toEqual(expected);
    const [{ n }] = await admin.query(`SELECT COUNT(*) AS n FROM \`${name}\`.template_versions`).then(([rows]) => rows as { n: number }[]);
    expect(Number(n)).toBe(3);
  });
});

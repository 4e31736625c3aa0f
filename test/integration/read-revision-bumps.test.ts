import { newVerificationToken } from '../../src/domain/verification-token';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EntityClass, EntityManager, MikroORM } from '@mikro-orm/mysql';
import { mikroOrmOptions } from '../../config/mikro-orm.config';
import { READ_DEPENDENCIES } from '../../src/db/read-dependencies';
import { ReadRevisions } from '../../src/db/read-revisions';
import type { SqlClient } from '../../src/db/sql-client';
import { TOKENS } from '../../src/tokens';
import {
  Client,
  Company,
  DiscountPolicy,
  EmissionPoint,
  Establishment,
  IntegrationSettings,
  Invoice,
  InvoiceLine,
  InvoiceTax,
  LetterheadPublication,
  OperatorUser,
  PaymentTerminal,
  PriceList,
  Product,
  ProductMapping,
  ProductPrice,
  TemplateVersion,
} from '../../src/entities';
import type { TemplateVersionKind } from '../../src/entities/template-version.entity';
import { ClientService, InvoiceReader } from '../../src/services/sales';
import { PricingSnapshots } from '../../src/services/sales/pricing/pricing-snapshot';
import { SaleClientResolver } from '../../src/services/sales/pricing/sale-client';
import { TemplateVersionStore } from '../../src/services/documents';
import { clientData, productData, sellingCompany, uniqueCode } from '../support/factories';
import { REPO_ROOT } from '../support/fresh-build';
import { runAdmin } from '../support/run-admin';
import { ReadyCompany, setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The read caches' counters move with every change of the rows a cached answer reads, whoever
 * makes it, because the ORM's flush does it (READ_DEPENDENCIES, ReadRevisionSubscriber): each
 * entity of the table is inserted, changed and deleted through the EntityManager, in a transaction
 * and in a plain flush, and the company's counter must move as the table says. The last tests keep
 * the table complete: every table a cached reader selects from is in it.
 */
/** A stored version of random bytes (a template's or a logo's), not yet flushed. */
function randomVersion(em: EntityManager, kind: TemplateVersionKind): TemplateVersion {
  const content = randomBytes(16);
  return em.create(TemplateVersion, { kind, sha256: randomBytes(32).toString('hex'), content, byteSize: content.length });
}

describe('read revisions move with every flush of cached data', () => {
  let t: TestApp;
  let company: ReadyCompany;
  let invoiceId: number;
  let establishmentId: number;
  /** A company with no integration settings yet, for inserting some. */
  let bareCompanyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    company = await setUpCompany(
      t,
      sellingCompany({
        code: uniqueCode('RV'),
        products: [productData({ code: 'P-1', price: 100, isvRate: 15 })],
        clients: [clientData()],
      }),
    );
    invoiceId = await issue(company);
    establishmentId = (await t.orm.em.fork().findOneOrFail(Establishment, { company: company.companyId, code: '000' })).id;
    const em = t.orm.em.fork();
    const bare = em.create(Company, { code: uniqueCode('RV'), name: 'Sin integración', rtn: '08019999000002' });
    await em.flush();
    bareCompanyId = bare.id;
  }, 120_000);
  afterAll(() => t.close());

  async function issue(seller: ReadyCompany): Promise<number> {
    const res = await t.http
      .post('/v1/invoices')
      .set(seller.auth)
      .set('Idempotency-Key', uniqueCode('K'))
      .send({ items: [{ externalProductId: 'SKU-P-1', quantity: 1 }] });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  async function counters(companyId: number): Promise<ReadRevisions> {
    const [row] = await t.orm.em
      .getConnection()
      .execute<Array<{ invoices: number; clients: number; catalog: number; letterheads: number }>>(
        'SELECT invoices, clients, catalog, letterheads FROM read_revisions WHERE company_id = ?',
        [companyId],
      );
    return {
      invoices: Number(row?.invoices ?? 0),
      clients: Number(row?.clients ?? 0),
      catalog: Number(row?.catalog ?? 0),
      letterheads: Number(row?.letterheads ?? 0),
    };
  }

  /** How far `work` moved each counter of the company. */
  async function movedBy(work: () => Promise<unknown>, companyId = company.companyId): Promise<ReadRevisions> {
    const before = await counters(companyId);
    await work();
    const after = await counters(companyId);
    return {
      invoices: after.invoices - before.invoices,
      clients: after.clients - before.clients,
      catalog: after.catalog - before.catalog,
      letterheads: after.letterheads - before.letterheads,
    };
  }

  const modes: Record<string, (work: (em: EntityManager) => Promise<void> | void) => Promise<void>> = {
    // em.transactional flushes at its end, inside the transaction.
    'in a transaction': (work) => t.orm.em.fork().transactional(async (em) => void (await work(em))),
    // MikroORM wraps a flush in a transaction of its own.
    'in a plain flush': async (work) => {
      const em = t.orm.em.fork();
      await work(em);
      await em.flush();
    },
  };

  let serial = 0;
  const next = () => ++serial;

  interface Fixture<E extends object> {
    /** A new row of the company (persisted, not flushed). */
    create(em: EntityManager): Promise<E> | E;
    /** Changes a column of a loaded row. */
    change(row: E): void;
    /** The company the row belongs to, when it is not the test's company. */
    owner?: () => number;
  }
  const fixture = <E extends object>(entity: EntityClass<E>, f: Fixture<E>) => [entity, f as unknown as Fixture<object>] as const;

  const FIXTURES = new Map<EntityClass<object>, Fixture<object>>([
    fixture(Invoice, {
      async create(em) {
        const s = await em.findOneOrFail(Invoice, invoiceId);
        const number = 500_000 + next();
        return em.create(Invoice, {
          company: s.company,
          emissionPoint: s.emissionPoint,
          caiRange: s.caiRange,
          cai: s.cai,
          invoiceNumber: number,
          fiscalNumber: `000-001-01-${String(number).padStart(8, '0')}`,
          invoiceDate: new Date(),
          issuerName: s.issuerName,
          issuerRtn: s.issuerRtn,
          caiRangeStart: s.caiRangeStart,
          caiRangeEnd: s.caiRangeEnd,
          caiDeadline: s.caiDeadline,
          verificationToken: newVerificationToken(),
          verificationBaseUrl: s.verificationBaseUrl,
          importe: '0.00',
          discountTotal: '0.00',
          exemptedAmount: '0.00',
          exoneratedAmount: '0.00',
          totalTaxes: '0.00',
          total: '0.00',
          totalInLetters: 'CERO LEMPIRAS',
          creatorUser: s.creatorUser,
          paymentTerminal: s.paymentTerminal,
          priceList: s.priceList,
        });
      },
      change: (row) => void (row.purchaseOrderNumber = `OC-${next()}`),
    }),
    fixture(InvoiceLine, {
      async create(em) {
        // The invoice only by id: its company is read from the database.
        const product = await em.findOneOrFail(Product, { company: company.companyId, code: 'P-1' });
        const zero = '0.00';
        return em.create(InvoiceLine, {
          invoice: em.getReference(Invoice, invoiceId),
          lineNumber: 100 + next(),
          product,
          productCode: 'P-1',
          description: 'Línea de prueba',
          quantity: '1.0000',
          unitPrice: zero,
          importe: zero,
          discountAmount: zero,
          subTotal: zero,
          exemptAmount: zero,
        });
      },
      change: (row) => void (row.description = `Cambiada ${next()}`),
    }),
    fixture(InvoiceTax, {
      create: (em) =>
        em.create(InvoiceTax, {
          invoice: em.getReference(Invoice, invoiceId),
          rate: `0.${String(5000 + next())}`,
          taxedAmount: '0.00',
          taxAmount: '0.00',
        }),
      change: (row) => void (row.taxAmount = `${next()}.00`),
    }),
    fixture(EmissionPoint, {
      create: (em) =>
        em.create(EmissionPoint, { establishment: em.getReference(Establishment, establishmentId), code: String(500 + next()) }),
      change: (row) => void (row.name = `Punto ${next()}`),
    }),
    fixture(Establishment, {
      create: (em) => em.create(Establishment, { company: em.getReference(Company, company.companyId), code: String(500 + next()) }),
      change: (row) => void (row.name = `Sucursal ${next()}`),
    }),
    fixture(Client, {
      create: (em) =>
        em.create(Client, {
          company: em.getReference(Company, company.companyId),
          code: uniqueCode('C'),
          clientName: 'Cliente nuevo',
          email: 'nuevo@example.hn',
        }),
      change: (row) => void (row.clientName = `Cliente ${next()}`),
    }),
    fixture(IntegrationSettings, {
      // One row per company: this one's company has none.
      create: (em) => em.create(IntegrationSettings, { company: em.getReference(Company, bareCompanyId) }),
      change: (row) => void (row.exoneratedSales = !row.exoneratedSales),
      owner: () => bareCompanyId,
    }),
    fixture(OperatorUser, {
      create: (em) =>
        em.create(OperatorUser, { company: em.getReference(Company, company.companyId), code: uniqueCode('U'), name: 'Usuario nuevo' }),
      change: (row) => void (row.name = `Usuario ${next()}`),
    }),
    fixture(PriceList, {
      create: (em) => em.create(PriceList, { company: em.getReference(Company, company.companyId), code: uniqueCode('L') }),
      change: (row) => void (row.name = `Lista ${next()}`),
    }),
    fixture(PaymentTerminal, {
      create: (em) =>
        em.create(PaymentTerminal, { company: em.getReference(Company, company.companyId), code: uniqueCode('T'), name: 'Caja nueva' }),
      change: (row) => void (row.name = `Caja ${next()}`),
    }),
    fixture(Product, {
      create: (em) =>
        em.create(Product, { company: em.getReference(Company, company.companyId), code: uniqueCode('P'), name: 'Producto nuevo' }),
      change: (row) => void (row.name = `Producto ${next()}`),
    }),
    fixture(DiscountPolicy, {
      create: (em) =>
        em.create(DiscountPolicy, { company: em.getReference(Company, company.companyId), code: uniqueCode('D'), percent: '5.0000' }),
      change: (row) => void (row.percent = `${next()}.0000`),
    }),
    fixture(ProductMapping, {
      async create(em) {
        const product = await em.findOneOrFail(Product, { company: company.companyId, code: 'P-1' });
        return em.create(ProductMapping, {
          company: em.getReference(Company, company.companyId),
          externalProductId: uniqueCode('SKU'),
          product,
        });
      },
      change: (row) => void (row.externalProductId = uniqueCode('SKU')),
    }),
    fixture(ProductPrice, {
      async create(em) {
        // A price of a product new in the same flush (one price per list and product); its company is the list's.
        const priceList = await em.findOneOrFail(PriceList, { company: company.companyId, code: 'GENERAL' });
        const product = em.create(Product, {
          company: em.getReference(Company, company.companyId),
          code: uniqueCode('P'),
          name: 'Con precio',
        });
        return em.create(ProductPrice, { priceList, product, price: '10.00' });
      },
      change: (row) => void (row.price = `${next()}.00`),
    }),
    fixture(LetterheadPublication, {
      create(em) {
        const version = randomVersion(em, 'template');
        return em.create(LetterheadPublication, {
          company: em.getReference(Company, company.companyId),
          documentType: 'invoice',
          action: 'published',
          templateVersion: version,
          publishedAt: new Date(),
          publishedBy: 'cli:test',
        });
      },
      change: (row) => void (row.publishedBy = `cli:user-${next()}`),
    }),
  ]);

  const none: ReadRevisions = { invoices: 0, clients: 0, catalog: 0, letterheads: 0 };
  const one = (...kinds: Array<keyof ReadRevisions>): ReadRevisions => ({ ...none, ...Object.fromEntries(kinds.map((k) => [k, 1])) });

  // The company row itself has a test of its own below.
  const ownedEntities = [...READ_DEPENDENCIES].filter(([, d]) => d !== 'immutable' && d.company.length > 0);
  describe.each(ownedEntities.map(([entity, d]) => [entity.name, entity, d] as const))('%s', (_, entity, dependency) => {
    if (dependency === 'immutable') throw new Error('filtered above');

    it.each(Object.keys(modes))('inserted, changed and deleted %s, moves the counters as the table says', async (mode) => {
      const f = FIXTURES.get(entity);
      if (f === undefined) throw new Error(`${entity.name} is in READ_DEPENDENCIES without a fixture here: add one`);
      const owner = f.owner?.() ?? company.companyId;
      let created: object | undefined;
      const insert = await movedBy(() => modes[mode](async (em) => void (created = await f.create(em))), owner);
      // An invoice's line or tax bumps here: its invoice was issued before.
      expect(insert).toEqual(dependency.insert === 'never' ? none : one(...dependency.counters));
      const rowId = (created as { id: number }).id;
      expect(await movedBy(() => modes[mode](async (em) => f.change(await em.findOneOrFail(entity, rowId as never))), owner)).toEqual(
        one(...dependency.counters),
      );

      // Deleted by a bare reference: nothing of the row is in memory, so its company is read.
      expect(await movedBy(() => modes[mode]((em) => void em.remove(em.getReference(entity, rowId as never))), owner)).toEqual(
        one(...dependency.counters, ...(dependency.deleteAlso ?? [])),
      );
      expect(await t.orm.em.fork().findOne(entity, rowId as never)).toBeNull();
    });
  });

  it.each(Object.keys(modes))(
    'a company, %s, moves its catalog counter when changed; inserted or deleted, nothing (its counters go with it)',
    async (mode) => {
      let created: Company | undefined;
      await modes[mode](
        async (em) => void (created = em.create(Company, { code: uniqueCode('RV'), name: 'Nueva', rtn: '08019999000003' })),
      );
      const companyId = created!.id;
      expect(await counters(companyId)).toEqual(none);
      expect(
        await movedBy(
          () => modes[mode](async (em) => void ((await em.findOneOrFail(Company, companyId)).exchangeRate = `${next()}.00`)),
          companyId,
        ),
      ).toEqual(one('catalog'));
      await modes[mode]((em) => void em.remove(em.getReference(Company, companyId)));
      expect(await t.orm.em.fork().findOne(Company, companyId)).toBeNull();
      expect(await counters(companyId)).toEqual(none);
    },
  );

  it('issuing an invoice (its lines and taxes inserted with it) moves no counter: nobody can have read it', async () => {
    expect(await movedBy(() => issue(company))).toEqual(none);
  });

  it('a failed transaction takes its bump back with its change', async () => {
    const moved = await movedBy(() =>
      t.orm.em
        .fork()
        .transactional(async (em) => {
          (await em.findOneOrFail(Client, { company: company.companyId, code: 'CLI-1' })).clientName = 'Nunca';
          await em.flush();
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    );
    expect(moved).toEqual(none);
  });

  it('a row moved to another company moves both companies’ counters', async () => {
    const other = await setUpCompany(t, sellingCompany({ code: uniqueCode('RV') }));
    const em = t.orm.em.fork();
    const client = em.create(Client, {
      company: em.getReference(Company, company.companyId),
      code: uniqueCode('C'),
      clientName: 'Mudanza',
      email: 'm@example.hn',
    });
    await em.flush();
    const before = await counters(other.companyId);
    expect(
      await movedBy(async () => {
        client.company = em.getReference(Company, other.companyId);
        await em.flush();
      }),
    ).toEqual(one('clients'));
    expect((await counters(other.companyId)).clients).toBe(before.clients + 1);
  });

  it('a template version is only ever inserted: changing or deleting one is refused, and inserting one moves nothing', async () => {
    const em = t.orm.em.fork();
    const version = randomVersion(em, 'logo');
    expect(await movedBy(() => em.flush())).toEqual(none);
    version.byteSize = 1;
    await expect(em.flush()).rejects.toThrow('TemplateVersion rows are never changed');
    const fresh = t.orm.em.fork();
    fresh.remove(fresh.getReference(TemplateVersion, version.id));
    await expect(fresh.flush()).rejects.toThrow('TemplateVersion rows are never deleted');
    expect(await t.orm.em.fork().findOneOrFail(TemplateVersion, version.id)).toMatchObject({ byteSize: version.content.length });
  });

  it('a plain flush bumps inside the transaction MikroORM opens for it, after its writes', async () => {
    const lines: string[] = [];
    const orm = await MikroORM.init(mikroOrmOptions(t.config, { debug: ['query'], logger: (line: string) => lines.push(line) }));
    try {
      const em = orm.em.fork();
      (await em.findOneOrFail(Client, { company: company.companyId, code: 'CLI-1' })).phone = `+504 ${next()}`;
      lines.length = 0;
      await em.flush();
    } finally {
      await orm.close(true);
    }
    // Each logged statement as its verb and, for the two that matter, its table.
    const statements = lines
      // eslint-disable-next-line no-control-regex -- the ORM's debug log colours its lines
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').replace(/^\[query\] /, ''))
      .map(
        (sql) =>
          sql.split(' ')[0].toLowerCase() + (/read_revisions/.test(sql) ? ':read_revisions' : /`clients`/.test(sql) ? ':clients' : ''),
      );
    // The select reads back the client's generated `live` column (what the RTN's unique index
    // counts), which MikroORM refreshes after every update of a row that has one.
    expect(statements).toEqual(['begin', 'update:clients', 'select:clients', 'insert:read_revisions', 'commit']);
  });

  it('`admin client exonerate` and `clear-exoneration` move the clients counter', async () => {
    const client = await t.orm.em.fork().findOneOrFail(Client, { company: company.companyId, code: 'CLI-1' });
    const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
    const exonerate = () =>
      admin(
        'client',
        'exonerate',
        '--company',
        company.code,
        '--client-id',
        String(client.id),
        '--certificate',
        `EXO-${next()}`,
        '--valid-until',
        '2099-12-31',
      );
    expect(await movedBy(async () => expect(await exonerate()).toMatchObject({ code: 0 }))).toEqual(one('clients'));
    expect(
      await movedBy(async () =>
        expect(await admin('client', 'clear-exoneration', '--company', company.code, '--client-id', String(client.id))).toMatchObject({
          code: 0,
        }),
      ),
    ).toEqual(one('clients'));
  });

  describe('the table covers what the cached answers read', () => {
    /** The services that keep what they read in a counter-checked cache, each with a read that misses it. */
    const CACHED_READERS: Record<string, () => Promise<unknown>> = {
      'src/services/sales/invoicing/invoice-reader.service.ts': () =>
        t.container.get(InvoiceReader).getFor({ companyId: company.companyId, revisions: { ...none, invoices: -next() } }, invoiceId),
      'src/services/sales/clients/client.service.ts': () =>
        t.container
          .get(ClientService)
          .list({ companyId: company.companyId, revisions: { ...none, clients: -next() } }, { page: 1, limit: 10 }),
      'src/services/sales/pricing/pricing-snapshot.ts': () =>
        t.container.get(PricingSnapshots).of({ companyId: company.companyId, revisions: { ...none, catalog: -next() } }),
      'src/services/sales/pricing/sale-client.ts': async () => {
        const client = await t.orm.em.fork().findOneOrFail(Client, { company: company.companyId, code: 'CLI-1' });
        const principal = { companyId: company.companyId, revisions: { ...none, clients: -next() } };
        return t.container
          .get(SaleClientResolver)
          .resolve(principal, { clientId: client.id, exemptPurchaseOrderNumber: null }, '2026-01-01', false);
      },
      'src/services/documents/template-versions/template-version-store.ts': () =>
        t.container.get(TemplateVersionStore).published(company.code, 'invoice', -next()),
    };

    it('every user of a counter-checked cache is among the readers checked here', () => {
      const users: string[] = [];
      const visit = (dir: string) => {
        for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
          const file = `${dir}/${entry.name}`;
          if (entry.isDirectory()) visit(file);
          else if (
            file.endsWith('.ts') &&
            /@inject\(ReadCache\)|new CounterCheckedCache\(/.test(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'))
          )
            users.push(file);
        }
      };
      visit('src');
      expect(users.sort()).toEqual(Object.keys(CACHED_READERS).sort());
    });

    it('every table a cached reader selects from is in READ_DEPENDENCIES', async () => {
      const tables = new Set<string>();
      for (const read of Object.values(CACHED_READERS)) for (const table of await tablesReadBy(read)) tables.add(table);
      expect([...tables]).toEqual(
        expect.arrayContaining([
          'invoices',
          'invoice_lines',
          'invoice_taxes',
          'clients',
          'integration_settings',
          'companies',
          'emission_points',
          'establishments',
          'operator_users',
          'price_lists',
          'payment_terminals',
          'product_mappings',
          'products',
          'product_prices',
          'discount_policies',
          'letterhead_publications',
          'template_versions',
        ]),
      );
      const declared = new Set([...READ_DEPENDENCIES.keys()].map((entity) => t.orm.getMetadata().get(entity.name).tableName));
      expect([...tables].filter((table) => !declared.has(table))).toEqual([]);
    });

    it('a row whose deletion the database carries into a cached table moves that table’s counter', async () => {
      const rules = await t.orm.em
        .getConnection()
        .execute<Array<{ child: string; parent: string }>>(
          "SELECT TABLE_NAME AS child, REFERENCED_TABLE_NAME AS parent FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND DELETE_RULE IN ('SET NULL', 'CASCADE', 'SET DEFAULT')",
        );
      const dependencyOf = (table: string) =>
        [...READ_DEPENDENCIES].find(([entity]) => t.orm.getMetadata().get(entity.name).tableName === table)?.[1];
      const missing = rules.flatMap(({ child, parent }) => {
        const cached = dependencyOf(child);
        if (cached === undefined || cached === 'immutable') return [];
        const deleted = dependencyOf(parent);
        if (deleted === 'immutable') return [];
        const moves = deleted === undefined ? [] : [...deleted.counters, ...(deleted.deleteAlso ?? [])];
        return cached.counters.every((counter) => moves.includes(counter)) ? [] : [`${parent} -> ${child}`];
      });
      expect(missing).toEqual([]);
    });
  });

  /** The tables named after FROM or JOIN in the SQL that `read` sends through the ORM's pool. */
  /** The tables named by every SQL statement `read` sends, through the ORM's pool or the plain SQL client. */
  async function tablesReadBy(read: () => Promise<unknown>): Promise<string[]> {
    type Query = (sql: string | { sql: string }, ...rest: unknown[]) => unknown;
    const client = (t.orm.em.getConnection().getKnex() as unknown as { client: { acquireConnection(): Promise<{ query: Query }> } }).client;
    const acquire = client.acquireConnection;
    const seen: string[] = [];
    const patched = new Set<{ query: Query }>();
    client.acquireConnection = async function (this: unknown) {
      const connection = await acquire.call(client);
      if (!patched.has(connection)) {
        const original = connection.query;
        connection.query = function (this: unknown, sql, ...rest) {
          seen.push(typeof sql === 'string' ? sql : sql.sql);
          return original.call(this, sql, ...rest);
        };
        patched.add(connection);
      }
      return connection;
    };
    const sql = t.container.get<SqlClient>(TOKENS.Sql);
    const selectBatch = sql.selectBatch;
    sql.selectBatch = function (this: SqlClient, queries) {
      for (const [statement] of queries) seen.push(statement);
      return selectBatch.call(this, queries);
    };
    try {
      await read();
    } finally {
      client.acquireConnection = acquire;
      for (const connection of patched) delete (connection as Partial<{ query: Query }>).query;
      delete (sql as Partial<SqlClient>).selectBatch;
    }
    return [...new Set(seen.flatMap((sql) => [...sql.matchAll(/\b(?:from|join)\s+`?(\w+)`?/gi)].map((m) => m[1])))];
  }
});

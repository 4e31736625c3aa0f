import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runAdminProcess } from '../support/admin-process';
import { runAdmin } from '../support/run-admin';
import { companyCai, issueApiKey, uniqueCode } from '../support/factories';
import { exampleDocument, writeSetupFile } from '../support/setup-apply';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * `admin apply` and `admin export`: partial documents, dry runs, export and CAI ownership. The
 * commands run in-process (a process costs about a second of CPU, and what these tests check is
 * the command's output and the rows, the same either way); the refusals of export and of a dry
 * run also run as real processes, for the exit code and the stderr line of the binary itself.
 */
describe('admin apply and export on the command line', () => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdmin(t.config.databaseUrl, args);
  const adminProcess = (...args: string[]) => runAdminProcess(t.config.databaseUrl, args);
  const apply = (doc: unknown, ...options: string[]) => admin('apply', ...options, writeSetupFile(doc));
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T>(query, params);

  /** A refusal: exit 1, one stderr line, nothing on stdout, no table changed. */
  async function refused(run: () => Promise<{ code: number | null; stdout: Buffer | string; stderr: string }>): Promise<string> {
    const before = await tableChecksums(t.orm);
    const result = await run();
    expect({ code: result.code, stdout: result.stdout.toString() }).toEqual({ code: 1, stdout: '' });
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(await tableChecksums(t.orm)).toBe(before);
    return result.stderr;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('partial updates', () => {
    let code: string;
    beforeAll(async () => {
      code = uniqueCode('P');
      expect((await apply(exampleDocument(code))).code).toBe(0);
    }, 60_000);

    it('changes only what a document naming the company by its code alone gives', async () => {
      const run = await apply({
        company: { code },
        products: [{ code: 'P-ARROZ', isvRate: 18 }],
        priceLists: [{ code: 'GENERAL', prices: [{ product: 'P-CERVEZA', price: 40 }] }],
        establishments: [
          {
            code: '000',
            emissionPoints: [
              { code: '001', caiRanges: [{ cai: 'PARTIAL-NEW-RANGE-1', rangeStart: 5001, rangeEnd: 6000, deadline: '2099-12-31' }] },
            ],
          },
        ],
      });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout.toString().split('\n')).toEqual([
        `applied ${code}: 1 created, 2 updated, 0 deleted`,
        'update products[0] (product P-ARROZ)',
        'create establishments[0].emissionPoints[0].caiRanges[0] (CAI PARTIAL-NEW-RANGE-1 at 000-001)',
        'update priceLists[0].prices[0] (price P-CERVEZA in GENERAL)',
        '',
      ]);
      const [product] = await sql<{ name: string; isv_rate: string }[]>(
        'select p.name, p.isv_rate from products p join companies c on c.id = p.company_id where c.code = ? and p.code = ?',
        [code, 'P-ARROZ'],
      );
      expect(product).toEqual({ name: 'Arroz clasificado 5 lb', isv_rate: '18.0000' });
      const [company] = await sql<{ name: string; rtn: string }[]>('select name, rtn from companies where code = ?', [code]);
      expect(company).toEqual({ name: 'Comercial Acme S. de R.L.', rtn: '08019999123456' });
      // The same partial document again changes nothing.
      expect((await apply({ company: { code }, products: [{ code: 'P-ARROZ', isvRate: 18 }] })).stdout.toString()).toBe(
        `applied ${code}: 0 created, 0 updated, 0 deleted\n`,
      );
    });

    it('still asks a new entry for what creating it needs, and a new company for its name and RTN', async () => {
      expect(await refused(() => apply({ company: { code }, products: [{ code: 'P-NUEVO', isvRate: 15 }] }))).toBe(
        'error: products[0].name: is required\n',
      );
      expect(
        await refused(() =>
          apply({ company: { code }, establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges: [{ cai: 'NEW-2' }] }] }] }),
        ),
      ).toBe(
        'error: establishments[0].emissionPoints[0].caiRanges[0].deadline: is required; establishments[0].emissionPoints[0].caiRanges[0].rangeEnd: is required; establishments[0].emissionPoints[0].caiRanges[0].rangeStart: is required\n',
      );
      expect(await refused(() => apply({ company: { code: uniqueCode('Q') } }))).toBe(
        'error: company.name: is required to create a company; company.rtn: is required to create a company\n',
      );
    });
  });

  describe('export', () => {
    let code: string;
    beforeAll(async () => {
      code = uniqueCode('E');
      const doc = exampleDocument(code);
      doc.company.verificationBaseUrl = 'https://verifica.example.hn';
      doc.company.tradeName = 'Acme';
      doc.priceLists!.push({
        code: 'MAYOREO',
        name: 'Mayoreo',
        prices: [{ product: 'P-ARROZ', price: '90.50', currency: 'USD', discountPolicy: 'PROMO10' }],
      });
      doc.users!.push({ code: 'cajero', name: 'Cajero' });
      const point = doc.establishments![0].emissionPoints![0] as { caiRanges: unknown[] };
      point.caiRanges.push(
        { cai: `NC-${code}`, rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31', documentType: 'creditNote' },
        { cai: `ND-${code}`, rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31', documentType: 'debitNote' },
      );
      expect((await apply(doc)).code).toBe(0);
      // Deleted entries are not exported.
      const deleted = await apply({
        company: { code },
        products: [{ code: 'P-LECHE', deleted: true }],
        users: [{ code: 'cajero', deleted: true }],
        productMappings: [{ externalProductId: 'SKU-2', product: 'P-CERVEZA', deleted: true }],
      });
      expect(deleted.stdout.toString()).toMatch(new RegExp(`^applied ${code}: 0 created, 0 updated, 3 deleted\n`));
    }, 60_000);

    it('writes every kind of entry, leaves deleted ones out, and applying it changes nothing: export, apply, export is identical', async () => {
      const first = await admin('export', '--company', code);
      expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
      const yaml = first.stdout.toString();
      const doc = parse(yaml, { version: '1.2', schema: 'core' }) as Record<string, any>;
      expect(Object.keys(doc)).toEqual([
        'company',
        'establishments',
        'users',
        'paymentTerminals',
        'discountPolicies',
        'products',
        'priceLists',
        'productMappings',
        'clients',
        'integration',
      ]);
      expect(doc.company).toMatchObject({
        code,
        rtn: '08019999123456',
        tradeName: 'Acme',
        verificationBaseUrl: 'https://verifica.example.hn',
      });
      const ranges = doc.establishments[0].emissionPoints[0].caiRanges as { documentType: string }[];
      expect(ranges.map((r) => r.documentType)).toEqual(['invoice', 'creditNote', 'debitNote']);
      expect(doc.users).toEqual([{ code: 'integracion', name: 'Integración API' }]);
      expect(doc.products.map((p: { code: string }) => p.code)).toEqual(['P-ARROZ', 'P-CERVEZA', 'P-COMBO', 'P-IMPORT']);
      expect(doc.products[2]).toEqual({
        code: 'P-COMBO',
        name: 'Canasta mixta',
        isvRate: '15.0000',
        exempt: false,
        exemptPerUnit: '30.0000',
      });
      expect(doc.priceLists[1]).toEqual({
        code: 'MAYOREO',
        name: 'Mayoreo',
        prices: [{ product: 'P-ARROZ', price: '90.5000', currency: 'USD', discountPolicy: 'PROMO10' }],
      });
      expect(doc.productMappings).toEqual([{ externalProductId: 'SKU-1', product: 'P-ARROZ' }]);
      expect(doc.clients[0].exoneration).toEqual({ certificate: 'EXO-2026-0001', sagRegistry: null, validUntil: '2027-06-30' });
      expect(doc.integration).toEqual({
        enabled: true,
        emissionPoint: '000-001',
        creatorUser: 'integracion',
        priceList: 'GENERAL',
        paymentTerminal: 'CAJA1',
        exoneratedSales: false,
      });

      const file = writeSetupFile(yaml);
      expect((await admin('apply', '--dry-run', file)).stdout.toString()).toBe(
        `dry run ${code}: 0 to create, 0 to update, 0 to delete; nothing written\n`,
      );
      expect((await admin('apply', file)).stdout.toString()).toBe(`applied ${code}: 0 created, 0 updated, 0 deleted\n`);
      const out = `${file}.out.yaml`;
      expect((await admin('export', '--company', code, '--out', out)).stdout.toString()).toBe(`exported ${code} to ${out}\n`);
      expect(readFileSync(out, 'utf8')).toBe(yaml);
    });

    it('refuses an unknown company and writes nothing', async () => {
      expect(await refused(() => adminProcess('export', '--company', 'NO-SUCH-CO'))).toBe('error: unknown company NO-SUCH-CO\n');
    });
  });

  describe('--dry-run', () => {
    it('prints the plan, one line per entry, and writes nothing', async () => {
      const code = uniqueCode('D');
      expect((await apply(exampleDocument(code))).code).toBe(0);
      const change = {
        company: { code, phone: '+504 9999-0000' },
        products: [{ code: 'P-NUEVO', name: 'Producto nuevo', isvRate: 15 }],
        priceLists: [
          {
            code: 'GENERAL',
            prices: [
              { product: 'P-NUEVO', price: 5 },
              { product: 'P-ARROZ', price: 101 },
              { product: 'P-LECHE', deleted: true },
            ],
          },
        ],
      };
      const before = await tableChecksums(t.orm);
      const run = await apply(change, '--dry-run');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout.toString()).toBe(
        [
          `dry run ${code}: 2 to create, 2 to update, 1 to delete; nothing written`,
          `update company (company ${code})`,
          'create products[0] (product P-NUEVO)',
          'create priceLists[0].prices[0] (price P-NUEVO in GENERAL)',
          'update priceLists[0].prices[1] (price P-ARROZ in GENERAL)',
          'delete priceLists[0].prices[2] (price P-LECHE in GENERAL)',
          '',
        ].join('\n'),
      );
      expect(await tableChecksums(t.orm)).toBe(before);
      // The real apply does what the plan said.
      expect((await apply(change)).stdout.toString()).toBe(
        run.stdout.toString().replace(/^dry run .*\n/, `applied ${code}: 2 created, 2 updated, 1 deleted\n`),
      );
    });

    it('refuses a bad document as apply does, writing nothing', async () => {
      const bad = writeSetupFile({ company: { code: 'NOPE' }, products: [{ code: 'X' }] });
      expect(await refused(() => adminProcess('apply', '--dry-run', bad))).toBe(
        'error: company.name: is required to create a company; company.rtn: is required to create a company; products[0].name: is required; products[0].isvRate: is required unless the product is exempt: true\n',
      );
    });
  });

  describe('CAI ownership', () => {
    const range = (cai: string, rangeStart: number) => ({ cai, rangeStart, rangeEnd: rangeStart + 999, deadline: '2099-12-31' });
    /** A document adding these ranges to emission point 000-001 of the company. */
    const withRanges = (code: string, ...caiRanges: object[]) => ({
      company: { code },
      establishments: [{ code: '000', emissionPoints: [{ code: '001', caiRanges }] }],
    });
    let holder: string;
    let other: string;
    beforeAll(async () => {
      [holder, other] = [uniqueCode('H'), uniqueCode('O')];
      expect((await apply(exampleDocument(holder))).code).toBe(0);
      expect((await apply(exampleDocument(other))).code).toBe(0);
    }, 60_000);

    it("refuses a file naming another company's CAI with the range's path, exit 1, nothing written", async () => {
      const held = companyCai(holder, '0');
      const own = { cai: companyCai(other, '0') };
      expect(await refused(() => apply(withRanges(other, own, range(held, 6001))))).toBe(
        `error: establishments[0].emissionPoints[0].caiRanges[1].cai: CAI ${held} belongs to another company\n`,
      );
      // Spelled in lower case it is the same CAI; a company the file would create is refused alike.
      const created = exampleDocument(uniqueCode('N'));
      created.establishments![0].emissionPoints![0].caiRanges![0].cai = held.toLowerCase();
      expect(await refused(() => apply(created, '--dry-run'))).toBe(
        `error: establishments[0].emissionPoints[0].caiRanges[0].cai: CAI ${held.toLowerCase()} belongs to another company\n`,
      );
    });

    it('lets a CAI go once the company that held it deleted its range before issuing from it', async () => {
      const moved = `MOVED-${holder}`;
      expect((await apply(withRanges(holder, range(moved, 6001)))).code).toBe(0);
      expect(await refused(() => apply(withRanges(other, range(moved, 6001))))).toBe(
        `error: establishments[0].emissionPoints[0].caiRanges[0].cai: CAI ${moved} belongs to another company\n`,
      );
      expect((await apply(withRanges(holder, { cai: moved, deleted: true }))).code).toBe(0);
      expect((await apply(withRanges(other, range(moved, 6001)))).code).toBe(0);
    });

    it('keeps the CAI of a deleted range that issued numbers with its company: its documents print it', async () => {
      const issuedFrom = companyCai(holder, '0');
      const { auth } = await issueApiKey(t.orm, t.container, holder);
      const sale = await t.http
        .post('/v1/invoices')
        .set(auth)
        .set('Idempotency-Key', 'ownership-1')
        .send({ items: [{ externalProductId: 'SKU-1', quantity: 1 }] });
      expect(sale.body).toMatchObject({ invoiceNumber: 1, cai: issuedFrom });
      expect((await apply(withRanges(holder, { cai: issuedFrom, deleted: true }))).code).toBe(0);
      expect(await refused(() => apply(withRanges(other, range(issuedFrom, 7001))))).toBe(
        `error: establishments[0].emissionPoints[0].caiRanges[0].cai: CAI ${issuedFrom} belongs to another company\n`,
      );
    });
  });
});

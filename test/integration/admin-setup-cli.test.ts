import { runAdminProcess } from '../support/admin-process';
import { uniqueCode } from '../support/factories';
import { exampleDocument, writeSetupFile } from '../support/setup-apply';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, TestApp } from '../support/test-app';

/** `admin apply` as a process: partial documents, dry runs, export and CAI ownership. */
describe('admin apply and export on the command line', () => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdminProcess(t.config.databaseUrl, args);
  const apply = (doc: unknown, ...options: string[]) => admin('apply', ...options, writeSetupFile(doc));
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T>(query, params);

  /** A refusal: exit 1, one stderr line, nothing on stdout, no table changed. */
  async function refused(run: () => Promise<{ code: number | null; stdout: Buffer; stderr: string }>): Promise<string> {
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
});

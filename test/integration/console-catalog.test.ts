import ExcelJS from 'exceljs';
import { ActivityEntry } from '../../src/entities';
import { readCsv } from '../../src/services/fiscal-reports/table-readers';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { uniqueCode } from '../support/factories';
import { exampleDocument } from '../support/setup-apply';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';
import { tableChecksums } from '../support/table-checksums';

/**
 * The console's catalog spreadsheet (administrators) over HTTP: download as CSV and XLSX, upload
 * an edited one, its preview by row, errors by row and column, apply in one transaction.
 */
describe('console catalog spreadsheet', () => {
  let c: ConsoleTest;
  let company: ReadyCompany;
  let admin: ConsoleClient;
  let accountant: ConsoleClient;
  const base = () => `/companies/${company.code}/catalog`;
  const csvFile = (rows: string[][]) => ({
    catalog: {
      name: 'catalogo.csv',
      data: Buffer.from(rows.map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\r\n')),
    },
  });
  const sql = <T extends object[]>(query: string, params: unknown[] = []) => c.t.orm.em.fork().getConnection().execute<T>(query, params);
  const priceOf = async (product: string) =>
    (
      await sql<{ price: string }[]>(
        'select pp.price from product_prices pp join products p on p.id = pp.product_id join price_lists l on l.id = pp.price_list_id ' +
          "where p.company_id = ? and p.code = ? and l.code = 'GENERAL' and pp.deleted_at is null",
        [company.companyId, product],
      )
    )[0]?.price;

  /** A refused request: its status and words, and no table changed. */
  async function refused(send: () => Promise<{ status: number; text: string }>, status: number, text: RegExp) {
    const before = await tableChecksums(c.t.orm);
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.text).toMatch(text);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    return res;
  }

  beforeAll(async () => {
    c = await createConsoleTest();
    company = await setUpCompany(c.t, exampleDocument(uniqueCode('K')));
    const passwords = {
      admin: await c.addOperator('admin@catalogo.hn', 'admin'),
      accountant: await c.addOperator('contador@catalogo.hn', 'accountant', [company.code]),
    };
    admin = c.client();
    accountant = c.client();
    expect((await admin.signIn('admin@catalogo.hn', passwords.admin)).status).toBe(303);
    expect((await accountant.signIn('contador@catalogo.hn', passwords.accountant)).status).toBe(303);
  }, 120_000);
  afterAll(() => c.close());

  async function downloadedCsv(): Promise<string[][]> {
    const res = await admin.download(`${base()}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return readCsv((res.body as Buffer).toString('utf8'));
  }

  it('downloads the catalog as CSV and XLSX: a product a row, its price in each list, its ids', async () => {
    expect((await admin.get(`/companies/${company.code}`)).text).toContain(`href="${base()}"`);
    const page = await admin.get(base());
    expect(page.status).toBe(200);
    expect(page.text).toContain('enctype="multipart/form-data"');
    const rows = await downloadedCsv();
    expect(rows[0]).toEqual([
      'code',
      'name',
      'isvRate',
      'exempt',
      'exemptPerUnit',
      'price GENERAL',
      'currency GENERAL',
      'discountPolicy GENERAL',
      'externalProductIds',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['P-ARROZ', 'P-CERVEZA', 'P-COMBO', 'P-IMPORT', 'P-LECHE']);
    expect(rows[2]).toEqual(['P-CERVEZA', 'Cerveza nacional 355 ml', '18.0000', 'false', '', '35.5000', 'HNL', 'PROMO10', 'SKU-2']);
    expect(rows[4].slice(5, 7)).toEqual(['10.0000', 'USD']);

    const xlsx = await admin.download(`${base()}.xlsx`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(3).getCell(1).value).toBe('P-CERVEZA');
    expect(sheet.getRow(3).getCell(6).value).toBe(35.5);
  });

  it('is for administrators only', async () => {
    for (const page of [base(), `${base()}.csv`]) expect((await accountant.get(page)).status).toBe(404);
    await refused(() => accountant.upload(`${base()}/preview`, csvFile([['code', 'name']])), 404, /no existe/);
  });

  it('shows the errors of an edited sheet by row and column, and changes nothing', async () => {
    const rows = await downloadedCsv();
    rows[1][5] = 'mucho';
    rows[2][7] = 'PROMO99';
    const res = await refused(() => admin.upload(`${base()}/preview`, csvFile(rows)), 422, /no se cambió nada/);
    // In Spanish first; the rule's English words only small, for support.
    expect(res.text).toMatch(
      /<td>2<\/td><td>price GENERAL<\/td><td>Debe ser un monto, como 1,500.00 o 12.50. <small class="muted">\(must be a number or a decimal string such as &quot;12.50&quot;\)<\/small><\/td>/,
    );
    expect(res.text).not.toContain('Aplicar');
    await refused(
      () => admin.upload(`${base()}/preview`, { catalog: { name: 'c.xlsx', data: Buffer.from('PK not a zip') } }),
      400,
      /not a readable XLSX/,
    );
    await refused(() => admin.upload(`${base()}/preview`, {}), 400, /choose the catalog spreadsheet/);
    const unknown = await refused(
      () => admin.upload(`${base()}/preview`, csvFile([[...rows[0], 'price NADA'], ...rows.slice(1)])),
      422,
      /unknown price list NADA/,
    );
    expect(unknown.text).toContain('<td>1</td><td>price NADA</td>');
  });

  it('previews the new, changed and removed rows without writing, then applies them in one transaction with one trail row', async () => {
    const rows = await downloadedCsv();
    rows[1][5] = '120.00'; // P-ARROZ's price
    rows[1][8] = 'SKU-1; SKU-ARROZ'; // one more id
    const leche = rows.findIndex((r) => r[0] === 'P-LECHE');
    rows.splice(leche, 1); // removed
    rows.push(['P-NUEVO', 'Producto nuevo', '15', 'false', '', '9.99', '', '', 'SKU-NUEVO']);

    const before = await tableChecksums(c.t.orm);
    const preview = await admin.upload(`${base()}/preview`, csvFile(rows));
    expect(preview.status).toBe(200);
    expect(await tableChecksums(c.t.orm)).toBe(before);
    expect(preview.text).toContain('1 producto(s) nuevo(s), 1 cambiado(s), 1 eliminado(s).');
    expect(preview.text).toContain(
      '<td>2</td><td>P-ARROZ</td><td>cambiado</td><td>update price P-ARROZ in GENERAL; create mapping SKU-ARROZ -> P-ARROZ</td>',
    );
    expect(preview.text).toContain('<td>P-LECHE</td><td>eliminado</td>');
    const apply = /action="([^"]+\/apply)"/.exec(preview.text)?.[1];
    expect(apply).toBeDefined();

    const trail = await c.t.orm.em.fork().count(ActivityEntry, { action: 'setup-changed', company: company.companyId });
    const applied = await admin.post(apply!);
    expect(applied.status).toBe(200);
    expect(applied.text).toContain('Catálogo aplicado.');
    expect(await priceOf('P-ARROZ')).toBe('120.0000');
    expect(await priceOf('P-NUEVO')).toBe('9.9900');
    expect(await c.t.orm.em.fork().count(ActivityEntry, { action: 'setup-changed', company: company.companyId })).toBe(trail + 1);
    // The next sale uses the new price.
    const sale = await c.t.http
      .post('/v1/invoices')
      .set(company.auth)
      .set('Idempotency-Key', 'catalog-1')
      .send({ items: [{ externalProductId: 'SKU-ARROZ', quantity: 1 }] });
    expect(sale.status).toBe(201);
    expect(sale.body.lines[0].unitPrice).toBe(120);
    // The same held upload cannot be applied twice; downloading again shows the sheet as applied.
    await refused(() => admin.post(apply!), 404, /no existe/);
    expect((await downloadedCsv()).map((r) => r[0])).toEqual(['code', 'P-ARROZ', 'P-CERVEZA', 'P-COMBO', 'P-IMPORT', 'P-NUEVO']);
  });
});

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Big from 'big.js';
import ExcelJS from 'exceljs';
import { hondurasDate } from '../../src/domain/calendar-date';
import { Client } from '../../src/entities';
import { runAdminProcess } from '../support/admin-process';
import { parseCsv } from '../support/csv';
import { clientData, productData, sellingCompany, uniqueCode } from '../support/factories';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

const HEADER = [
  'Fecha',
  'Numero',
  'CAI',
  'RTN Cliente',
  'Cliente',
  'Orden Compra Exenta',
  'Constancia Exonerado',
  'Registro SAG',
  'Importe Exonerado',
  'Importe Exento',
  'Gravado 15%',
  'ISV 15%',
  'Gravado 18%',
  'ISV 18%',
  'Descuentos',
  'Total',
  'Estado',
  'Tipo',
  'Documento Modificado',
  'Fecha Anulación',
];
const AMOUNT_COLUMNS = HEADER.slice(8, 16).map((_, i) => i + 8);
const COMMA_CLIENT = 'Ferretería "El Martillo", S. de R.L.';

interface Issued {
  id: number;
  fiscalNumber: string;
  cai: string;
  exemptedAmount: number;
  exoneratedAmount: number;
  discountTotal: number;
  total: number;
  taxBreakdown: { rate: number; taxedAmount: number; taxAmount: number }[];
}

describe('admin report sales (the sales register), run as a process', () => {
  let t: TestApp;
  let code: string;
  let dir: string;
  const issued: Issued[] = [];
  let annulledId: number;
  const today = hondurasDate(new Date());
  const report = (...args: string[]) => runAdminProcess(t.config.databaseUrl, ['report', 'sales', ...args]);
  const out = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    // 12 % allowed, so a company can sell at a rate beyond the two standard ones.
    t = await createTestApp({ env: { ALLOWED_ISV_RATES: '0,12,15,18' } });
    dir = mkdtempSync(path.join(tmpdir(), 'sales-register-'));
    const setup = sellingCompany({
      products: [
        productData({ code: 'ARROZ', price: 100, isvRate: 15 }),
        productData({ code: 'CERVEZA', price: 35.5, isvRate: 18, discountPolicy: 'PROMO10' }),
        productData({ code: 'LECHE', price: 28, exempt: true }),
        productData({ code: 'COMBO', price: 250, isvRate: 15, exemptPerUnit: 30 }),
      ],
      discountPolicies: [{ code: 'PROMO10', percent: 10, active: true }],
      clients: [
        clientData({ code: 'CLI-COMMA', clientName: COMMA_CLIENT, email: 'caja@martillo.hn', legalId: '08019000000077' }),
        // Both a certificate and a Registro SAG number, so the register's three reference columns are all filled.
        clientData({
          code: 'CLI-ONG',
          clientName: 'Fundación Ejemplo',
          legalId: '08019000000001',
          exoneration: { certificate: 'EXO-2026-0001', sagRegistry: 'SAG-7781', validUntil: '2099-06-30' },
        }),
      ],
    });
    const company = await setUpCompany(t, setup);
    code = company.code;
    const clientId = async (clientCode: string) =>
      (await t.orm.em.fork().findOneOrFail(Client, { code: clientCode, company: { code } })).id;
    const sales = [
      { items: [{ externalProductId: 'SKU-ARROZ', quantity: 2 }] }, // 15 %, walk-in
      { clientId: await clientId('CLI-COMMA'), items: [{ externalProductId: 'SKU-CERVEZA', quantity: 3 }] }, // 18 % with a discount
      { items: [{ externalProductId: 'SKU-LECHE', quantity: 4 }] }, // exempt
      {
        clientId: await clientId('CLI-ONG'),
        exemptPurchaseOrderNumber: 'OCE-2026-0042',
        items: [
          { externalProductId: 'SKU-ARROZ', quantity: 1 },
          { externalProductId: 'SKU-CERVEZA', quantity: 1 },
        ],
      }, // exonerated
      {
        items: [
          { externalProductId: 'SKU-COMBO', quantity: 3 },
          { externalProductId: 'SKU-CERVEZA', quantity: 7 },
          { externalProductId: 'SKU-LECHE', quantity: 1.5 },
        ],
      },
      { items: [{ externalProductId: 'SKU-ARROZ', quantity: 5 }] }, // annulled below
    ];
    for (const [i, body] of sales.entries()) {
      const res = await t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', `sale-${i}`).send(body);
      expect(res.status).toBe(201);
      issued.push(res.body as Issued);
    }
    annulledId = issued[5].id;
    const annul = await runAdminProcess(t.config.databaseUrl, [
      'invoice',
      'annul',
      '--reason',
      'error de emisión',
      '--company',
      code,
      '--id',
      String(annulledId),
    ]);
    expect(annul.code).toBe(0);
  }, 120_000);
  afterAll(() => t.close());

  function expectedRow(invoice: Issued, annulled: boolean): string[] {
    const tax = (rate: number) => invoice.taxBreakdown.find((t) => t.rate === rate);
    const money = (n: number | undefined) => (annulled || n === undefined ? '0.00' : n.toFixed(2));
    return [
      money(invoice.exoneratedAmount),
      money(invoice.exemptedAmount),
      money(tax(15)?.taxedAmount),
      money(tax(15)?.taxAmount),
      money(tax(18)?.taxedAmount),
      money(tax(18)?.taxAmount),
      money(invoice.discountTotal),
      money(invoice.total),
    ];
  }

  async function csvReport(...extra: string[]): Promise<{ raw: Buffer; rows: string[][] }> {
    const file = out(`${uniqueCode('r')}.csv`);
    const run = await report('--company', code, '--from', today, '--to', today, '--out', file, ...extra);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const raw = readFileSync(file);
    return { raw, rows: parseCsv(raw.toString('utf8').replace(/^\uFEFF/, '')) };
  }

  it('writes one row per invoice with the amounts of the invoice responses, annulled ones as ANULADA with 0, and an exact TOTAL', async () => {
    const { raw, rows } = await csvReport();
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows[0]).toEqual(HEADER);
    const body = rows.slice(1, -1);
    expect(body).toHaveLength(issued.length);
    expect(body.map((r) => r[1])).toEqual(issued.map((i) => i.fiscalNumber));
    const dmy = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    body.forEach((row, i) => {
      const annulled = issued[i].id === annulledId;
      expect(row[0]).toBe(dmy);
      expect(row[2]).toBe(issued[i].cai);
      expect(row.slice(8, 16)).toEqual(expectedRow(issued[i], annulled));
      expect(row[16]).toBe(annulled ? 'ANULADA' : 'VIGENTE');
      // Fecha Anulación: the day of the annulment (today here), empty for a live invoice.
      expect(row.slice(17)).toEqual(['FACTURA', '', annulled ? dmy : '']);
      for (const col of AMOUNT_COLUMNS) expect(row[col]).toMatch(/^\d+\.\d{2}$/);
    });
    // Walk-in sales: no RTN, CONSUMIDOR FINAL; the name with a comma and quotes survives quoting.
    expect(body[0].slice(3, 8)).toEqual(['', 'CONSUMIDOR FINAL', '', '', '']);
    expect(body[1].slice(3, 5)).toEqual(['08019000000077', COMMA_CLIENT]);
    expect(raw.toString('utf8')).toContain('"Ferretería ""El Martillo"", S. de R.L."');
    expect(body[3].slice(3, 8)).toEqual(['08019000000001', 'Fundación Ejemplo', 'OCE-2026-0042', 'EXO-2026-0001', 'SAG-7781']);
    expect(Number(body[3][8])).toBeGreaterThan(0);
    expect(Number(body[2][9])).toBeGreaterThan(0);

    const total = rows[rows.length - 1];
    expect(total[0]).toBe('TOTAL');
    for (const col of AMOUNT_COLUMNS) {
      expect(total[col]).toBe(body.reduce((acc, r) => acc.plus(r[col]), new Big(0)).toFixed(2));
    }
    const liveTotal = issued.filter((i) => i.id !== annulledId).reduce((acc, i) => acc.plus(i.total), new Big(0));
    expect(total[15]).toBe(liveTotal.toFixed(2));
  });

  it('writes the same sheet as XLSX: numeric amount cells, bold frozen header, equal to the CSV cell by cell', async () => {
    const { rows } = await csvReport();
    const file = out('register.xlsx');
    const run = await report('--company', code, '--from', today, '--to', today, '--format', 'xlsx', '--out', file);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(rows.length);
    expect(sheet.getRow(1).font?.bold ?? sheet.getCell(1, 1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell(rows.length, 1).font?.bold).toBe(true);
    expect(sheet.getCell(2, 1).font?.bold).toBeFalsy();
    rows.forEach((csvRow, r) => {
      csvRow.forEach((csvCell, c) => {
        const value = sheet.getCell(r + 1, c + 1).value;
        if (r > 0 && AMOUNT_COLUMNS.includes(c)) {
          expect(typeof value).toBe('number');
          expect((value as number).toFixed(2)).toBe(csvCell);
        } else {
          expect(value === null ? '' : String(value)).toBe(csvCell);
        }
      });
    });
  });

  it('gives the header and a TOTAL of zeros for a period without invoices, on stdout by default', async () => {
    const run = await report('--company', code, '--from', '2020-01-01', '--to', '2020-01-31');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const rows = parseCsv(run.stdout.toString('utf8').replace(/^\uFEFF/, ''));
    expect(rows).toEqual([HEADER, ['TOTAL', '', '', '', '', '', '', '', ...AMOUNT_COLUMNS.map(() => '0.00'), '', '', '', '']]);
  });

  it('adds a pair of columns after ISV 18% for another rate that occurs in the period', async () => {
    const other = await setUpCompany(
      t,
      sellingCompany({
        products: [productData({ code: 'RATE12', price: 10, isvRate: 12 }), productData({ code: 'ARROZ', price: 100, isvRate: 15 })],
      }),
    );
    const body = {
      items: [
        { externalProductId: 'SKU-RATE12', quantity: 3 },
        { externalProductId: 'SKU-ARROZ', quantity: 1 },
      ],
    };
    const res = await t.http.post('/v1/invoices').set(other.auth).set('Idempotency-Key', 'rate-12').send(body);
    expect(res.status).toBe(201);
    const run = await report('--company', other.code, '--from', today, '--to', today);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const rows = parseCsv(run.stdout.toString('utf8').replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([...HEADER.slice(0, 14), 'Gravado 12%', 'ISV 12%', ...HEADER.slice(14)]);
    expect(rows[1].slice(10, 16)).toEqual(['100.00', '15.00', '0.00', '0.00', '30.00', '3.60']);
    expect(rows[1][17]).toBe(res.body.total.toFixed(2));
    expect(rows[2].slice(10, 16)).toEqual(['100.00', '15.00', '0.00', '0.00', '30.00', '3.60']);
  });

  it.each([
    [['--from', '2026-02-30', '--to', '2026-03-01'], /^error: --from must be a date YYYY-MM-DD, got "2026-02-30"\n$/],
    [['--from', '01/11/2026', '--to', '2026-11-30'], /^error: --from must be a date/],
    [['--from', '2026-11-30', '--to', '2026-11-01'], /^error: --from 2026-11-30 is after --to 2026-11-01\n$/],
    [['--from', '2026-11-01', '--to', '2026-11-30', '--format', 'pdf'], /^error: --format must be one of csv, xlsx/],
  ])('refuses %j with one line on stderr, a non-zero exit and nothing written', async (args, message) => {
    const file = out(`${uniqueCode('bad')}.csv`);
    const run = await report('--company', code, ...args, '--out', file);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.stdout.length).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses an --out in a directory that does not exist', async () => {
    const file = out('missing/register.csv');
    const run = await report('--company', code, '--from', today, '--to', today, '--out', file);
    expect(run).toMatchObject({ code: 1, stderr: `error: cannot write ${file}: no such directory\n` });
  });

  it('refuses an unknown company without touching an existing --out file', async () => {
    const file = out('kept.csv');
    writeFileSync(file, 'previous report');
    const run = await report('--company', 'NO-SUCH', '--from', today, '--to', today, '--out', file, '--format', 'xlsx');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: unknown company NO-SUCH\n');
    expect(readFileSync(file, 'utf8')).toBe('previous report');
    expect(readFileSync(file).length).toBe(15);
  });
});

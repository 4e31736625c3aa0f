import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { Client, Invoice } from '../../src/entities';
import { createConsoleTest, type ConsoleTest } from '../support/console-client';
import { clientData, uniqueCode } from '../support/factories';
import { findChromium } from '../support/headless-chromium';
import { CART, caiOf, setupWithRanges } from '../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../support/setup-fixtures';

const FAR = '2099-12-31';
/** Screenshots of the pages, for people to look at: CONSOLE_SHOTS_DIR, or a folder in the system's temp directory. */
const SHOTS = process.env.CONSOLE_SHOTS_DIR ?? path.join(os.tmpdir(), 'console-shots');
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

/**
 * An accountant's day with the document pages, in Debian's Chromium against the real console,
 * database and PDF renderer: find an invoice by its number, open it and its PDF, annul one with a
 * reason, issue a credit note returning a line, download the sales register. Every page built
 * here passes axe-core with no serious or critical violation.
 */
describe('console document pages in a browser', () => {
  let c: ConsoleTest;
  let server: http.Server;
  let origin: string;
  let browser: Browser;
  let page: Page;
  let company: ReadyCompany;
  let keys = 0;
  const invoices: Array<{ id: number; fiscalNumber: string }> = [];
  const chromiumPath = findChromium();

  async function accessible(name: string): Promise<void> {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `docs-${name}.png`), fullPage: true });
    // Evaluated through the debugging protocol, which the page's CSP (no inline scripts) does not govern.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }

  beforeAll(async () => {
    if (chromiumPath === null) throw new Error('Chromium is not installed: npm run setup installs it (apt-get install chromium)');
    // Plain HTTP on loopback: the cookie without Secure, as CONSOLE_SECURE_COOKIE=false allows.
    c = await createConsoleTest({ pdf: true, env: { CONSOLE_SECURE_COOKIE: 'false', PDF_TIMEOUT_MS: '120000' } });
    company = await setUpCompany(c.t, {
      ...setupWithRanges(
        [
          { cai: caiOf('a'), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
          { cai: caiOf('b'), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'creditNote' },
        ],
        uniqueCode('B'),
      ),
      clients: [clientData({ code: 'CLI-1', clientName: 'Ferretería López S. de R.L.', legalId: '08011990000011' })],
    });
    const clientId = (await c.t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId })).id;
    for (let i = 0; i < 3; i++) {
      const res = await c.t.http
        .post('/v1/invoices')
        .set(company.auth)
        .set('Idempotency-Key', `b-${++keys}`)
        .send({ ...CART, clientId });
      expect(res.status).toBe(201);
      invoices.push(res.body as { id: number; fiscalNumber: string });
    }
    const password = await c.addOperator('contadora@consola.hn', 'accountant', [company.code]);
    server = http.createServer(c.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
    page = await (await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Correo electrónico').fill('contadora@consola.hn');
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: /Iniciar sesión|Entrar/ }).click();
    await page.waitForURL(`${origin}/`);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await c?.close();
  });

  it('finds an invoice by its number and opens it and its PDF', async () => {
    const wanted = invoices[1];
    await page.goto(`${origin}/companies/${company.code}`);
    await page.getByRole('link', { name: 'Facturas' }).click();
    await page.waitForURL(/\/invoices$/);
    await accessible('invoices');
    await page.getByLabel('Número, últimos dígitos, cliente o RTN').fill(wanted.fiscalNumber.slice(-3));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/q=/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('link', { name: wanted.fiscalNumber }).click();
    await page.waitForURL(new RegExp(`/invoices/${wanted.id}$`));
    await expect(page.locator('h1').textContent()).resolves.toContain(wanted.fiscalNumber);
    await accessible('invoice');
    const pdf = await page.request.get(`${origin}/companies/${company.code}/invoices/${wanted.id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 240_000);

  it('annuls an invoice with a reason, after a refusal without one that changes nothing', async () => {
    const target = invoices[2];
    await page.goto(`${origin}/companies/${company.code}/invoices/${target.id}`);
    // The browser would stop an empty required field; a reason of spaces reaches the service.
    await page.getByLabel('Motivo de la anulación (obligatorio)').fill('   ');
    await page.getByRole('button', { name: 'Anular factura' }).click();
    await expect(page.locator('[role=alert]').textContent()).resolves.toContain('reason must be 1 to 255 characters');
    await accessible('refusal');
    expect((await c.t.orm.em.fork().findOneOrFail(Invoice, target.id)).isAnnulled).toBe(false);
    await page.goto(`${origin}/companies/${company.code}/invoices/${target.id}`);
    await page.getByLabel('Motivo de la anulación (obligatorio)').fill('RTN del cliente equivocado');
    await page.getByRole('button', { name: 'Anular factura' }).click();
    await page.waitForURL(new RegExp(`/invoices/${target.id}$`));
    await expect(page.locator('h1').textContent()).resolves.toContain('ANULADA');
    expect(await c.t.orm.em.fork().findOneOrFail(Invoice, target.id)).toMatchObject({ annulReason: 'RTN del cliente equivocado' });
  }, 240_000);

  it('issues a credit note returning a line and opens it', async () => {
    const target = invoices[0];
    await page.goto(`${origin}/companies/${company.code}/invoices/${target.id}`);
    await page.getByLabel('Devolución de mercadería (cantidades por línea)').check();
    await page.getByLabel(/^Línea 1:/).fill('1');
    await page.locator('#credit-reason').fill('Devolución de 1 saco');
    await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
    await page.waitForURL(/\/notes\/\d+$/);
    const heading = await page.locator('h1').textContent();
    expect(heading).toContain('NOTA DE CRÉDITO 000-001-06-00000001');
    await expect(page.locator('main').textContent()).resolves.toContain('L 115.00');
    await accessible('note');
  }, 240_000);

  it('downloads the sales register from the reports page', async () => {
    await page.goto(`${origin}/companies/${company.code}/reports`);
    await accessible('reports');
    await page.locator('#sales-from').fill('2020-01-01');
    await page.locator('#sales-to').fill('2099-12-31');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar el Libro de Ventas' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^libro-de-ventas-.+\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFFecha,Numero')).toBe(true);
    expect(csv).toContain(invoices[0].fiscalNumber);
    expect(csv).toContain('ANULADA');
  }, 240_000);

  it('shows the clients page accessibly', async () => {
    await page.goto(`${origin}/companies/${company.code}/clients`);
    await expect(page.locator('main').textContent()).resolves.toContain('Ferretería López S. de R.L.');
    await accessible('clients');
  }, 240_000);
});

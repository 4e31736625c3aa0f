import { readFileSync } from 'node:fs';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Client, Invoice } from '../../../src/entities';
import { openPage, screenshot, seriousAccessibilityViolations, signInWithKeyboard } from '../../support/console-browser';
import { clientData, uniqueCode } from '../../support/factories';
import { CART, caiOf, setupWithRanges } from '../../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';

const FAR = '2099-12-31';

/**
 * An accountant's day with the document pages, against the real PDF renderer: find an invoice by
 * its last digits, open it and its PDF, annul one with a reason, issue a credit note returning a
 * line, download the sales register. Every page passes axe-core with no serious or critical
 * violation. The steps run in order on one signed-in page: the register lists the annulment.
 */
export const accountantDocuments: Journey = (env) => {
  describe('an accountant with the document pages', () => {
    let company: ReadyCompany;
    let page: Page;
    let problems: string[];
    const invoices: Array<{ id: number; fiscalNumber: string }> = [];

    beforeAll(async () => {
      const { browser, console: c, url } = env();
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
          .set('Idempotency-Key', `accountant-${i}`)
          .send({ ...CART, clientId });
        expect(res.status).toBe(201);
        invoices.push(res.body as { id: number; fiscalNumber: string });
      }
      const password = await c.addOperator('contadora@consola.hn', 'accountant', [company.code]);
      ({ page, problems } = await openPage(browser));
      await signInWithKeyboard(page, url, 'contadora@consola.hn', password);
    }, 240_000);

    afterAll(async () => {
      await page?.context().close();
    });

    it('finds an invoice by its last digits and opens it and its PDF', async () => {
      const { url } = env();
      const wanted = invoices[1];
      await page.goto(`${url}/companies/${company.code}`);
      await page.getByRole('link', { name: 'Facturas' }).click();
      await page.waitForURL(/\/invoices$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'invoices');
      await page.getByLabel('Número, últimos dígitos, cliente o RTN').fill(wanted.fiscalNumber.slice(-3));
      await page.getByRole('button', { name: 'Buscar' }).click();
      await page.waitForURL(/q=/);
      expect(await page.locator('tbody tr').count()).toBe(1);
      await page.getByRole('link', { name: wanted.fiscalNumber }).click();
      await page.waitForURL(new RegExp(`/invoices/${wanted.id}$`));
      await expect(page.locator('h1').textContent()).resolves.toContain(wanted.fiscalNumber);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'invoice');
      const pdf = await page.request.get(`${url}/companies/${company.code}/invoices/${wanted.id}/pdf`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The stylesheet loaded and nothing was refused by the CSP. (Later steps expect a 400, the
      // refused annulment, and a download the browser aborts as a navigation.)
      expect(problems).toEqual([]);
    }, 240_000);

    it('annuls an invoice with a reason, after a refusal without one that changes nothing', async () => {
      const { console: c, url } = env();
      const target = invoices[2];
      await page.goto(`${url}/companies/${company.code}/invoices/${target.id}`);
      // The browser would stop an empty required field; a reason of spaces reaches the service.
      await page.getByLabel('Motivo de la anulación (obligatorio)').fill('   ');
      await page.getByRole('button', { name: 'Anular factura' }).click();
      await expect(page.locator('[role=alert]').textContent()).resolves.toContain(
        'Escriba el motivo de la anulación: de 1 a 255 caracteres.',
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'annul-refused');
      expect((await c.t.orm.em.fork().findOneOrFail(Invoice, target.id)).isAnnulled).toBe(false);
      await page.goto(`${url}/companies/${company.code}/invoices/${target.id}`);
      await page.getByLabel('Motivo de la anulación (obligatorio)').fill('RTN del cliente equivocado');
      await page.getByRole('button', { name: 'Anular factura' }).click();
      // The first POST only asks; nothing is annulled until the operator confirms.
      await expect(page.locator('h1').textContent()).resolves.toContain('¿Anular la factura');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'annul-confirm');
      expect((await c.t.orm.em.fork().findOneOrFail(Invoice, target.id)).isAnnulled).toBe(false);
      await page.getByRole('button', { name: 'Sí, anular la factura' }).click();
      await page.waitForURL(new RegExp(`/invoices/${target.id}$`));
      await expect(page.locator('h1').textContent()).resolves.toContain('ANULADA');
      expect(await c.t.orm.em.fork().findOneOrFail(Invoice, target.id)).toMatchObject({ annulReason: 'RTN del cliente equivocado' });
    }, 240_000);

    it('issues a credit note returning a line and opens it', async () => {
      const { url } = env();
      const target = invoices[0];
      await page.goto(`${url}/companies/${company.code}/invoices/${target.id}`);
      await page.getByLabel('Devolución de mercadería (cantidades por línea)').check();
      await page.getByLabel(/^Línea 1:/).fill('1');
      await page.locator('#credit-reason').fill('Devolución de 1 saco');
      await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
      await page.getByRole('button', { name: 'Sí, emitir la nota de crédito' }).click();
      await page.waitForURL(/\/notes\/\d+$/);
      expect(await page.locator('h1').textContent()).toContain('NOTA DE CRÉDITO 000-001-06-00000001');
      await expect(page.locator('main').textContent()).resolves.toContain('L 115.00');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'credit-note');
    }, 240_000);

    it('downloads the sales register from the reports page', async () => {
      const { url } = env();
      await page.goto(`${url}/companies/${company.code}/reports`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'reports');
      await page.locator('#sales-from').fill('2020-01-01');
      await page.locator('#sales-to').fill('2099-12-31');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Descargar el Libro de Ventas' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^libro-de-ventas-.+\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv.startsWith('\uFEFFFecha,Numero')).toBe(true);
      expect(csv).toContain(invoices[0].fiscalNumber);
      expect(csv).toContain('ANULADA');
    }, 240_000);

    it('shows the clients page accessibly', async () => {
      const { url } = env();
      await page.goto(`${url}/companies/${company.code}/clients`);
      await expect(page.locator('main').textContent()).resolves.toContain('Ferretería López S. de R.L.');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'clients');
    }, 240_000);
  });
};

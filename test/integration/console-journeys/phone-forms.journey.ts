import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Note } from '../../../src/entities';
import { openPage, screenshot, seriousAccessibilityViolations, signInWithKeyboard } from '../../support/console-browser';
import { uniqueCode } from '../../support/factories';
import { CART, caiOf, setupWithRanges } from '../../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';

const FAR = '2099-12-31';

/** The page scrolls sideways when its content is wider than the window. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * An accountant on a phone (390 px wide): every page visited fits the width (wide tables scroll
 * in their own box) and passes axe; a debit note typed as the page prints amounts is refused for a
 * negative one with the form kept, then confirmed on its own page; the lists filter and total.
 */
export const phoneForms: Journey = (env) => {
  describe('an accountant on a phone, with the forms', () => {
    let company: ReadyCompany;
    let page: Page;
    let invoice: { id: number; fiscalNumber: string };

    /** Each page the journey lands on: no sideways scroll, no serious or critical axe violation, a screenshot. */
    async function check(name: string) {
      expect(await pageScrollsSideways(page)).toBe(false);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, `phone-${name}`);
    }

    beforeAll(async () => {
      const { browser, console: c, url } = env();
      // The accountant's journey uses letter a in this database too; a CAI is one company's.
      const code = uniqueCode('P');
      company = await setUpCompany(
        c.t,
        setupWithRanges(
          [
            { cai: caiOf('a', code), rangeStart: 1, rangeEnd: 1000, deadline: FAR },
            { cai: caiOf('c', code), rangeStart: 1, rangeEnd: 1000, deadline: FAR, documentType: 'debitNote' },
          ],
          code,
        ),
      );
      const res = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'phone-1').send(CART);
      expect(res.status).toBe(201);
      invoice = res.body as { id: number; fiscalNumber: string };
      const password = await c.addOperator('telefono@consola.hn', 'accountant', [company.code]);
      ({ page } = await openPage(browser));
      await page.setViewportSize({ width: 390, height: 844 });
      await signInWithKeyboard(page, url, 'telefono@consola.hn', password);
    }, 240_000);

    afterAll(async () => {
      await page?.context().close();
    });

    it('issues a debit note after a refused amount and a confirmation, every page fitting 390 px', async () => {
      const { console: c, url } = env();
      await check('companies');
      await page.goto(`${url}/companies/${company.code}`);
      await check('company');
      await page.goto(`${url}/companies/${company.code}/invoices?state=VIGENTE`);
      await expect(page.locator('.totals').textContent()).resolves.toContain('L 343.10');
      await check('invoices');
      await page.getByRole('link', { name: invoice.fiscalNumber }).click();
      await check('invoice');

      await page.getByLabel('Descripción del cargo').fill('Flete a domicilio');
      await page.getByLabel('Precio unitario (lempiras)').fill('-5');
      await page.locator('#debit-reason').fill('Flete no cobrado');
      await page.getByRole('button', { name: 'Emitir nota de débito' }).click();
      await expect(page.locator('#debit-amount-problema').textContent()).resolves.toContain('Escriba un monto mayor que cero');
      // What was typed is still there; only the amount is fixed.
      expect(await page.getByLabel('Descripción del cargo').inputValue()).toBe('Flete a domicilio');
      await check('debit-refused');

      await page.getByLabel('Precio unitario (lempiras)').fill('L 1,500.00');
      await page.getByRole('button', { name: 'Emitir nota de débito' }).click();
      await expect(page.locator('h1').textContent()).resolves.toContain('¿Emitir una nota de débito');
      expect(await c.t.orm.em.fork().count(Note, { invoice: invoice.id })).toBe(0);
      await check('debit-confirm');
      await page.getByRole('button', { name: 'Sí, emitir la nota de débito' }).click();
      await page.waitForURL(/\/notes\/\d+$/);
      await check('debit-note');

      await page.goto(`${url}/companies/${company.code}/notes`);
      await expect(page.locator('.totals').textContent()).resolves.toContain('L 1,725.00');
      await check('notes');
    }, 240_000);
  });
};

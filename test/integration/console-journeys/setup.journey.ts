import { expect } from '@jest/globals';
import { addDays, hondurasDate } from '../../../src/domain/calendar-date';
import { Invoice } from '../../../src/entities';
import { openPage, signInWithKeyboard } from '../../support/console-browser';
import { sellingCompany } from '../../support/factories';
import { caiOf, issueSale } from '../../support/issuing-fixtures';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';
import { checkPage } from './page-checks';

/**
 * An administrator sees a DUE range on the company page, follows its link to register the range
 * SAR granted next, and the API's sale after the current range's last number takes the new one;
 * the setup and catalog pages, and a refused form, pass axe at both widths.
 */
export const setupJourney: Journey = (env) => {
  describe('an administrator keeping the company', () => {
    let company: ReadyCompany;
    let password: string;

    beforeAll(async () => {
      const { console: c } = env();
      const deadline = addDays(hondurasDate(new Date()), 10);
      company = await setUpCompany(
        c.t,
        sellingCompany({
          company: { name: 'Distribuidora La Ceiba S. de R.L.' },
          caiRange: { cai: caiOf('e'), rangeStart: 1, rangeEnd: 2, deadline },
        }),
      );
      password = await c.addOperator('rosa.admin@example.hn', 'admin');
    }, 60_000);

    it('registers the next CAI range from the DUE alert, and the sale after the last number of the current one uses it', async () => {
      const { browser, url, console: c } = env();
      const { page, problems } = await openPage(browser);
      try {
        await signInWithKeyboard(page, url, 'rosa.admin@example.hn', password);
        await page.goto(`${url}/companies/${company.code}`);
        expect(await page.getByRole('cell', { name: 'DUE' }).count()).toBe(1);
        await checkPage(page, 'company-due');

        await page.getByRole('link', { name: /^Registrar el rango siguiente \(000-001, Factura\)/ }).click();
        await page.waitForURL(/\/cai\/new\?/);
        expect(await page.getByLabel('Punto de emisión').inputValue()).toBe('000-001');
        expect(await page.getByLabel('Tipo de documento').inputValue()).toBe('invoice');
        await checkPage(page, 'cai-new');

        // A first try overlapping the current range is refused beside the form, what was typed kept.
        await page.getByLabel('CAI', { exact: true }).fill(caiOf('f'));
        await page.getByLabel('Primer número autorizado').fill('2');
        await page.getByLabel('Último número autorizado').fill('500');
        await page.getByLabel('Fecha límite de emisión').fill('2099-12-31');
        await page.getByRole('button', { name: 'Registrar el rango' }).click();
        await expect(page.getByRole('alert').textContent()).resolves.toContain('overlap CAI');
        expect(await page.getByLabel('CAI', { exact: true }).inputValue()).toBe(caiOf('f'));
        await checkPage(page, 'cai-new-refused');

        await page.getByLabel('Primer número autorizado').fill('3');
        await page.getByRole('button', { name: 'Registrar el rango' }).click();
        await page.waitForURL(`${url}/companies/${company.code}`);
        expect(await page.getByRole('cell', { name: caiOf('f') }).count()).toBe(1);

        const sold = [];
        for (const key of ['j-1', 'j-2', 'j-3']) sold.push(await issueSale(c.t.http, company.auth, `${company.code}-${key}`));
        expect(sold.map((s) => s.fiscalNumber.slice(-8))).toEqual(['00000001', '00000002', '00000003']);
        const third = await c.t.orm.em.fork().findOneOrFail(Invoice, sold[2].id, { populate: ['caiRange'] });
        expect(third.caiRange.cai).toBe(caiOf('f'));
        await page.reload();
        expect(await page.getByRole('cell', { name: 'EXHAUSTED' }).count()).toBe(1);

        await page.getByRole('link', { name: 'Configuración' }).click();
        await page.waitForURL(`${url}/companies/${company.code}/setup`);
        await checkPage(page, 'setup');
        await page.getByRole('link', { name: 'Productos, precios y equivalencias' }).click();
        await page.waitForURL(`${url}/companies/${company.code}/products`);
        await checkPage(page, 'products');
        // Chromium logs the refused form's 422 answer as a failed load; nothing else may be refused.
        expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });
};

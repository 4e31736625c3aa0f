import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { Client } from '../../../src/entities';
import { openPage, screenshot, seriousAccessibilityViolations, signInWithKeyboard } from '../../support/console-browser';
import { clientData, sellingCompany, uniqueCode } from '../../support/factories';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';

/**
 * An accountant corrects a client's e-mail: from the company's clients, to the client's page, a
 * typo refused with what was typed kept, then the right address saved. Every page passes
 * axe-core with no serious or critical violation.
 */
export const clientCorrection: Journey = (env) => {
  describe('an accountant corrects a client', () => {
    let company: ReadyCompany;
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      const { browser, console: c, url } = env();
      company = await setUpCompany(
        c.t,
        sellingCompany({
          code: uniqueCode('J'),
          clients: [clientData({ code: 'CLI-1', clientName: 'Librería Morazán', email: 'compras@morazan.hn' })],
        }),
      );
      const password = await c.addOperator('contable@consola.hn', 'accountant', [company.code]);
      ({ page, problems } = await openPage(browser));
      await signInWithKeyboard(page, url, 'contable@consola.hn', password);
    }, 240_000);

    afterAll(async () => {
      await page?.context().close();
    });

    it("corrects the client's e-mail from the clients page", async () => {
      const { url, console: c } = env();
      await page.goto(`${url}/companies/${company.code}/clients`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Librería Morazán' }).click();
      await page.waitForURL(/\/clients\/\d+$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'client');

      const email = page.getByLabel('Correo electrónico');
      expect(await email.inputValue()).toBe('compras@morazan.hn');
      await email.fill('ventas.morazan.hn');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      expect(await page.getByRole('alert').innerText()).toContain('Escriba un correo electrónico completo');
      expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('ventas.morazan.hn');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Correo electrónico').fill('ventas@morazan.hn');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.waitForURL(/\/clients$/);
      const client = await c.t.orm.em.fork().findOneOrFail(Client, { code: 'CLI-1', company: company.companyId });
      expect(client.email).toBe('ventas@morazan.hn');
      // The refused form's page came with its status, 400, which Chromium logs; nothing else was refused.
      expect(problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    }, 120_000);
  });
};

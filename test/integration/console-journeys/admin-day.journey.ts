import { expect } from '@jest/globals';
import { openPage, screenshot, seriousAccessibilityViolations, signInWithKeyboard } from '../../support/console-browser';
import { sellingCompany } from '../../support/factories';
import { setUpCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';

/** An administrator signs in, looks at a company, issues and revokes a key, and reads the activity. */
export const adminDay: Journey = (env) => {
  describe('an administrator', () => {
    let code: string;
    let password: string;

    beforeAll(async () => {
      const { console: c } = env();
      code = (await setUpCompany(c.t, sellingCompany({ company: { name: 'Ferretería El Martillo S. de R.L.' } }))).code;
      password = await c.addOperator('ana.admin@example.hn', 'admin');
    }, 60_000);

    it('signs in with the keyboard, sees the companies, issues and revokes a key and reads it in the activity; every page passes axe', async () => {
      const { browser, url } = env();
      const { page, problems } = await openPage(browser);
      try {
        await page.goto(`${url}/login`);
        // The first Tab reaches the skip link, before the form.
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saltar al contenido');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'login');

        await signInWithKeyboard(page, url, 'ana.admin@example.hn', password);
        await expect(page.getByRole('heading', { name: 'Empresas' }).isVisible()).resolves.toBe(true);
        expect(await page.getByRole('link', { name: code }).count()).toBe(1);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'companies');

        await page.getByRole('link', { name: code }).click();
        await page.waitForURL(`${url}/companies/${code}`);
        expect(await page.getByRole('cell', { name: 'OK' }).count()).toBeGreaterThan(0);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'company');

        await page.getByRole('link', { name: 'Llaves de API' }).click();
        await page.getByRole('button', { name: 'Emitir una llave nueva' }).click();
        const key = (await page.locator('#llave-nueva').textContent())!.trim();
        expect(key).toMatch(/^hninv_/);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'keys-issued');

        await page
          .getByRole('button', { name: /^Revocar la llave/ })
          .first()
          .click();
        await page.getByRole('button', { name: 'Sí, revocar la llave' }).click();
        await page.waitForURL(`${url}/companies/${code}/keys`);
        expect(await page.content()).not.toContain(key);
        expect(await page.getByRole('cell', { name: 'revocada' }).count()).toBe(1);
        await screenshot(page, 'keys');

        await page.getByRole('link', { name: 'Actividad' }).click();
        await page.waitForURL(`${url}/activity`);
        for (const action of ['(key-issued)', '(key-revoked)', '(sign-in)'])
          expect(await page.getByText(action).count()).toBeGreaterThan(0);
        expect(await page.content()).not.toContain(key);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'activity');

        await page.getByRole('button', { name: 'Cerrar sesión' }).click();
        await page.waitForURL(`${url}/login`);
        // The stylesheet loaded and nothing was refused by the CSP.
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });
};

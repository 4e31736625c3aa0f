import { readFile } from 'node:fs/promises';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { csvLine } from '../../../src/services/fiscal-reports/csv-table-writer';
import { readCsv } from '../../../src/services/fiscal-reports/table-readers';
import { openPage, signInWithKeyboard } from '../../support/console-browser';
import { uniqueCode } from '../../support/factories';
import { exampleDocument } from '../../support/setup-apply';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import type { Journey } from './journey';
import { checkPage } from './page-checks';

/** The catalog as the browser downloads it from the page's CSV link. */
async function downloadCsv(page: Page): Promise<string[][]> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Descargar el catálogo (CSV)' }).click(),
  ]);
  return readCsv(await readFile((await file.path())!, 'utf8'));
}

/** Chooses the edited sheet in the upload form and sends it for review. */
async function uploadCsv(page: Page, rows: string[][]): Promise<void> {
  await page.getByLabel(/^Hoja \(XLSX o CSV/).setInputFiles({
    name: 'catalogo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.map(csvLine).join('')),
  });
  await page.getByRole('button', { name: 'Revisar los cambios' }).click();
  await page.waitForURL(/\/catalog\/preview$/);
}

/**
 * An administrator edits the catalog as a spreadsheet: from the company page to the catalog, a
 * downloaded CSV uploaded back with a bad price (errors by row, nothing changed), then with one
 * price changed and one product added (the preview, then "Aplicar"). Every page passes axe and
 * does not scroll sideways at 390 px.
 */
export const catalogSheet: Journey = (env) => {
  describe('an administrator edits the catalog spreadsheet', () => {
    let company: ReadyCompany;
    let password: string;

    beforeAll(async () => {
      const { console: c } = env();
      company = await setUpCompany(c.t, exampleDocument(uniqueCode('K')));
      password = await c.addOperator('catalogo.admin@example.hn', 'admin');
    }, 60_000);

    it('uploads an edited CSV: errors by row first, then a preview of the changes, applied', async () => {
      const { browser, url } = env();
      const { page, problems } = await openPage(browser);
      try {
        await signInWithKeyboard(page, url, 'catalogo.admin@example.hn', password);
        await page.goto(`${url}/companies/${company.code}`);
        await page.getByRole('link', { name: 'Catálogo', exact: true }).click();
        await page.waitForURL(`${url}/companies/${company.code}/catalog`);
        await checkPage(page, 'catalog');
        const downloaded = await downloadCsv(page);
        expect(downloaded[1][0]).toBe('P-ARROZ');

        const wrong = downloaded.map((r) => [...r]);
        wrong[1][5] = 'mucho';
        await uploadCsv(page, wrong);
        const errors = page.getByRole('alert');
        expect(await errors.innerText()).toContain('La hoja tiene errores; no se cambió nada.');
        expect(await errors.getByRole('row').nth(1).innerText()).toMatch(/^2\tprice GENERAL\tDebe ser un monto/);
        expect(await page.getByRole('button', { name: 'Aplicar' }).count()).toBe(0);
        await checkPage(page, 'catalog-errors');

        await page.getByRole('link', { name: 'Volver al catálogo' }).click();
        const edited = downloaded.map((r) => [...r]);
        edited[1][5] = '120.00';
        edited.push(['P-NUEVO', 'Producto nuevo', '15', 'false', '', '9.99', '', '', 'SKU-NUEVO']);
        await uploadCsv(page, edited);
        expect(await page.locator('#resumen').innerText()).toBe('1 producto(s) nuevo(s), 1 cambiado(s), 0 eliminado(s).');
        await checkPage(page, 'catalog-preview');

        await page.getByRole('button', { name: 'Aplicar' }).click();
        await page.waitForURL(/\/apply$/);
        expect(await page.getByRole('status').innerText()).toContain('Catálogo aplicado.');
        await checkPage(page, 'catalog-applied');
        await page.getByRole('link', { name: 'Volver al catálogo' }).click();
        const after = await downloadCsv(page);
        expect(after.map((r) => [r[0], r[5]])).toContainEqual(['P-ARROZ', '120.0000']);
        expect(after.map((r) => [r[0], r[5]])).toContainEqual(['P-NUEVO', '9.9900']);
        // Chromium logs the sheet with errors' 422 answer as a failed load; nothing else may be refused.
        expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  });
};

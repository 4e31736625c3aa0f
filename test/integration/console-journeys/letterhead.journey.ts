import { expect } from '@jest/globals';
import { openPage, screenshot, seriousAccessibilityViolations, signInWithKeyboard } from '../../support/console-browser';
import { uniqueCode } from '../../support/factories';
import { CART, caiOf, setupWithRanges } from '../../support/issuing-fixtures';
import { readPdf } from '../../support/pdf-reader';
import { setUpCompany, type ReadyCompany } from '../../support/setup-fixtures';
import { editedTemplate, withBanner } from '../../support/template-files';
import type { Journey } from './journey';

const MARKER = 'MEMBRETE DEL NAVEGADOR';

/**
 * An administrator uploads a letterhead candidate, reads its check and preview, publishes it, and
 * finds it on the next invoice's PDF (the console of the browser test renders PDFs).
 */
export const letterhead: Journey = (env) => {
  describe('an administrator publishing a letterhead', () => {
    let company: ReadyCompany;
    let password: string;

    beforeAll(async () => {
      const { console: c } = env();
      const code = uniqueCode('L');
      company = await setUpCompany(
        c.t,
        setupWithRanges([{ cai: caiOf('e', code), rangeStart: 1, rangeEnd: 100, deadline: '2099-12-31' }], code),
      );
      password = await c.addOperator('luis.admin@example.hn', 'admin');
    }, 240_000);

    it('uploads a candidate, sees its check and preview, publishes it and finds it on the next invoice; the pages pass axe', async () => {
      const { browser, url, console: c } = env();
      const { page, problems } = await openPage(browser);
      try {
        await signInWithKeyboard(page, url, 'luis.admin@example.hn', password);
        await page.goto(`${url}/companies/${company.code}`);
        await page.getByRole('link', { name: 'Membretes' }).click();
        await page.waitForURL(`${url}/companies/${company.code}/letterhead`);
        const invoiceSection = page.getByRole('region', { name: 'Factura' });
        await expect(invoiceSection.getByText(/archivos del servidor/).isVisible()).resolves.toBe(true);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'letterhead');

        await invoiceSection.getByLabel(/^Plantilla/).setInputFiles({
          name: 'membrete.odt',
          mimeType: 'application/vnd.oasis.opendocument.text',
          buffer: await editedTemplate(withBanner(MARKER)),
        });
        await invoiceSection.getByRole('button', { name: 'Revisar y ver la muestra' }).click();
        await page.getByText('La plantilla pasó la revisión.').waitFor({ timeout: 200_000 });
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await screenshot(page, 'letterhead-candidate');

        const previewHref = await page.getByRole('link', { name: 'Ver la muestra en PDF' }).getAttribute('href');
        const preview = await page.request.get(`${url}${previewHref}`);
        expect(preview.headers()['content-type']).toBe('application/pdf');
        const previewPdf = await preview.body();
        expect(previewPdf.subarray(0, 4).toString()).toBe('%PDF');
        expect(readPdf(previewPdf).text).toContain(MARKER);

        await page.getByRole('button', { name: 'Publicar' }).click();
        await page.waitForURL(`${url}/companies/${company.code}/letterhead`, { timeout: 200_000 });
        await expect(
          page
            .getByRole('region', { name: 'Factura' })
            .getByText(/versión publicada .* por luis\.admin@example\.hn/)
            .isVisible(),
        ).resolves.toBe(true);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);

        const issued = await c.t.http.post('/v1/invoices').set(company.auth).set('Idempotency-Key', 'browser-letterhead').send(CART);
        expect(issued.status).toBe(201);
        const pdf = await page.request.get(`${url}/companies/${company.code}/invoices/${issued.body.id}/pdf`, { timeout: 200_000 });
        expect(pdf.status()).toBe(200);
        expect(readPdf(await pdf.body()).text).toContain(MARKER);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 600_000);
  });
};

import 'reflect-metadata';
import { mkdtempSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../../src/http/openapi/openapi-document';
import { launchChromium, openPage } from '../support/console-browser';
import { findChromium, operationsMissingFromPage, renderPage } from '../support/headless-chromium';
import { createTestApp, TestApp } from '../support/test-app';

const chromium = findChromium();
// .ci/run installs Debian's chromium, so in CI (CI=true) this always runs and fails without it.
// A developer machine without chromium skips it; `npm run docs:screenshot` is the same check.
const withChromium = chromium || process.env.CI ? describe : describe.skip;

withChromium('/v1/docs in headless Chromium, offline', () => {
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
    if (!chromium) throw new Error("Debian's chromium is not installed: run `sudo npm run setup` or apt-get install chromium");
    t = await createTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('renders every operation of the document, with nothing fetched from the internet', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/docs`;
    const screenshot = path.join(mkdtempSync(path.join(tmpdir(), 'docs-page-')), 'docs.png');
    const page = await renderPage(chromium as string, url, screenshot);
    expect(operationsMissingFromPage(buildOpenApiDocument(), page.dom)).toEqual([]);
    expect(page.dom).toContain('Honduran invoicing service');
    expect(statSync(screenshot).size).toBeGreaterThan(20_000);
  });

  it('runs under its Content-Security-Policy, "Try it out" included, and cannot be framed', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/docs`;
    const browser = await launchChromium();
    try {
      const { page, problems } = await openPage(browser);
      const answer = await page.goto(url);
      expect(answer?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      await page.click('#operations-Health-getHealth .opblock-summary');
      await page.click('#operations-Health-getHealth .try-out__btn');
      await page.click('#operations-Health-getHealth .execute');
      await page.waitForSelector('#operations-Health-getHealth .live-responses-table tbody .response-col_status');
      expect(await page.textContent('#operations-Health-getHealth .live-responses-table tbody .response-col_status')).toContain('200');
      // The one thing refused: the web fonts the page links to (offline here, and never needed).
      const refused = problems.filter((problem) => /Content Security Policy|\(csp\)/.test(problem));
      expect(refused.length).toBeGreaterThan(0);
      for (const problem of refused) expect(problem).toContain('https://fonts.googleapis.com/');

      const framing = await openPage(browser);
      await framing.page.setContent(`<iframe src="${url}"></iframe>`);
      await framing.page.waitForTimeout(1_000);
      expect(framing.problems.join('\n')).toMatch(/frame-ancestors 'none'/);
      expect(await framing.page.frames()[1].$('#swagger-ui')).toBeNull();
    } finally {
      await browser.close();
    }
  });
});

import 'reflect-metadata';
import { mkdtempSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../../src/http/openapi/openapi-document';
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
});

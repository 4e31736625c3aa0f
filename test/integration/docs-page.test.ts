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
// CI installs only what .ci/run installs; without Debian's chromium this is skipped, and
// `npm run docs:screenshot` does the same check by hand (README, Developing).
const withChromium = chromium ? describe : describe.skip;

withChromium('/v1/docs in headless Chromium, offline (skipped without Debian chromium)', () => {
  let t: TestApp;
  let server: Server;

  beforeAll(async () => {
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

import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { findChromium, operationsMissingFromPage, renderPage } from '../test/support/headless-chromium';
import { docsOnlyApp } from './docs-app';

/**
 * `npm run docs:screenshot [-- --url http://localhost:3000/v1/docs] [--out file.png]`: renders
 * the Swagger UI page in headless Chromium with no network but 127.0.0.1, saves a screenshot and
 * checks that every operation of the document is on the page. Without --url it serves the docs
 * routes itself (no database needed). Needs Debian's chromium: apt-get install -y chromium.
 */
async function main(args: string[]): Promise<number> {
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const out = option('--out') ?? path.join('.tmp', 'docs-screenshot.png');
  const chromium = findChromium();
  if (!chromium) {
    console.error('chromium not found (set CHROMIUM_PATH, or on Debian: apt-get install -y chromium)');
    return 2;
  }
  const server = option('--url') ? undefined : docsOnlyApp().listen(0, '127.0.0.1');
  if (server) await new Promise((resolve) => server.once('listening', resolve));
  try {
    const url = option('--url') ?? `http://127.0.0.1:${(server?.address() as AddressInfo).port}/v1/docs`;
    const yaml = await (await fetch(new URL('/v1/docs-yaml', url))).text();
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    const page = await renderPage(chromium, url, out);
    const missing = operationsMissingFromPage(parse(yaml), page.dom);
    console.log(`screenshot of ${url}: ${page.screenshot}`);
    if (missing.length > 0) {
      console.error(`operations missing from the page: ${missing.join(', ')}`);
      return 1;
    }
    console.log('every operation of /v1/docs-yaml is on the page');
    return 0;
  } finally {
    server?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);

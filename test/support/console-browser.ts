import { readFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ConsoleTest } from './console-client';
import { findChromium } from './headless-chromium';

/**
 * One headless Chromium for every journey of the browser test file (test/integration/
 * console-browser.test.ts): launching it is most of a journey's cost, so journeys share it and
 * each gets its own context (cookies) and page.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium is not installed: run `npm run setup`');
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'] });
}

/** The console of a ConsoleTest on a real port of 127.0.0.1, for the browser; close() stops it. */
export async function serveConsole(c: ConsoleTest): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(c.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A page that records what the browser refused (CSP violations, failed loads) and any script error. */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-HN' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    // A load the page's own navigation cut short (the favicon of a page the journey leaves at once)
    // is not a refusal; a blocked or missing one still counts (and a CSP refusal is also an error).
    if (why === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${req.url()} (${why})`);
  });
  return { page, problems };
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations of the page as it stands. The script goes in through
 * the DevTools protocol (page.evaluate), which the page's CSP does not govern: the console itself
 * still serves no script.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Saves a full-page screenshot as <name>.png in CONSOLE_SCREENSHOTS, when that directory is given. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.CONSOLE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Signs in through the login form with the keyboard only. */
export async function signInWithKeyboard(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/`);
}

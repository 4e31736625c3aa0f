import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's `chromium` (apt-get install -y chromium), or CHROMIUM_PATH; null when absent. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((file): file is string => !!file && existsSync(file)) ?? null;
}

/**
 * Flags for a throwaway, offline headless run: no sandbox (root in containers), no GPU, none of
 * Chromium's own network traffic, and every host but 127.0.0.1 unresolvable, so a page that
 * needed a CDN would visibly fail. The virtual time budget lets Swagger UI fetch the document
 * and render before the DOM is dumped or the screenshot taken.
 */
function flags(profileDir: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    `--user-data-dir=${profileDir}`,
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    '--virtual-time-budget=15000',
    '--window-size=1280,1900',
    '--hide-scrollbars',
  ];
}

export interface RenderedPage {
  /** The DOM after the page's scripts ran. */
  dom: string;
  screenshot: string;
}

/** Loads `url` in headless Chromium: the rendered DOM, and a PNG screenshot at `screenshot`. */
export async function renderPage(chromium: string, url: string, screenshot: string): Promise<RenderedPage> {
  const profile = mkdtempSync(path.join(tmpdir(), 'chromium-profile-'));
  try {
    const options = { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 };
    const { stdout } = await run(chromium, [...flags(profile), '--dump-dom', url], options);
    await run(chromium, [...flags(profile), `--screenshot=${path.resolve(screenshot)}`, url], options);
    return { dom: stdout, screenshot };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

interface OperationSummary {
  operationId: string;
  summary: string;
  tags: string[];
}

/** The operations of an OpenAPI document that a Swagger UI DOM does not show (by operationId and summary). */
export function operationsMissingFromPage(document: Record<string, unknown>, dom: string): string[] {
  const paths = document.paths as Record<string, Record<string, OperationSummary>>;
  const text = dom.replace(/&amp;/g, '&').replace(/&#39;/g, "'");
  return Object.values(paths)
    .flatMap((pathItem) => Object.values(pathItem))
    .filter((op) => !dom.includes(`id="operations-${op.tags[0]}-${op.operationId}"`) || !text.includes(op.summary))
    .map((op) => `${op.operationId} (${op.summary})`);
}

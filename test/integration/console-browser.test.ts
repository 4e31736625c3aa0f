import type { Browser } from 'playwright-core';
import { createConsoleTest, ConsoleTest } from '../support/console-client';
import { launchChromium, serveConsole } from '../support/console-browser';
import { accountantDocuments } from './console-journeys/accountant-documents.journey';
import { adminDay } from './console-journeys/admin-day.journey';
import { catalogSheet } from './console-journeys/catalog-sheet.journey';
import { clientCorrection } from './console-journeys/client-correction.journey';
import type { Journey, JourneyEnv } from './console-journeys/journey';
import { letterhead } from './console-journeys/letterhead.journey';
import { setupJourney } from './console-journeys/setup.journey';
import { phoneForms } from './console-journeys/phone-forms.journey';
import { spanishRefusals } from './console-journeys/spanish-refusals.journey';

/**
 * The console in a real browser (Debian's Chromium through Playwright), against the real service,
 * database and PDF renderer: one browser and one console for every journey. Screenshots of the
 * main pages go to CONSOLE_SCREENSHOTS when it names a directory.
 */
const JOURNEYS: Journey[] = [
  adminDay,
  accountantDocuments,
  letterhead,
  setupJourney,
  clientCorrection,
  phoneForms,
  catalogSheet,
  spanishRefusals,
];

describe('the console in a browser', () => {
  let browser: Browser;
  let c: ConsoleTest;
  let served: Awaited<ReturnType<typeof serveConsole>>;
  let env: JourneyEnv;

  beforeAll(async () => {
    // Plain HTTP on 127.0.0.1, as inside a private network. A PDF may wait long for LibreOffice on a
    // busy machine.
    [browser, c] = await Promise.all([
      launchChromium(),
      createConsoleTest({ pdf: true, env: { CONSOLE_SECURE_COOKIE: 'false', PDF_TIMEOUT_MS: '120000' } }),
    ]);
    served = await serveConsole(c);
    env = { browser, console: c, url: served.url };
  }, 240_000);

  afterAll(async () => {
    await served?.close();
    await browser?.close();
    await c?.close();
  });

  for (const journey of JOURNEYS) journey(() => env);
});

import type { Browser } from 'playwright-core';
import type { ConsoleTest } from '../../support/console-client';

/** What every journey of the browser test gets: the shared browser and a console with its data. */
export interface JourneyEnv {
  browser: Browser;
  console: ConsoleTest;
  /** Where the console listens, e.g. http://127.0.0.1:41234 */
  url: string;
}

/**
 * A group of browser journeys: registers its `describe`/`it` blocks; `env()` gives the shared
 * environment once the file's beforeAll has made it. A new journey is a module in this folder and
 * one line in console-browser.test.ts.
 */
export type Journey = (env: () => JourneyEnv) => void;

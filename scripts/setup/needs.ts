import { spawnSync } from 'node:child_process';
import type { AppConfig } from '../../config/config';
import { locateLibreOffice } from '../../src/pdf/libreoffice-locator';
import { galeraInstalled } from '../../test/support/galera-cluster';
import { findChromium } from '../../test/support/headless-chromium';
import { onPath } from './machine';

/** What a need serves: `npm run demo` (and the service's PDFs), or `npm test`. */
export type Purpose = 'demo' | 'test';

/** The one package list: every Debian/Ubuntu package the project asks the machine for. */
export interface Need {
  /** What a person would call it, in "missing: …" lines. */
  what: string;
  /** Installed with --no-install-recommends, so a package that is only recommended is named here. */
  packages: readonly string[];
  purposes: readonly Purpose[];
  /** Whether anything here would use it; when false the need is not checked at all. */
  wanted?: (env: NodeJS.ProcessEnv) => boolean;
  /** Reads the settings as the service does, so a check agrees with what the service will find. */
  present: (config: AppConfig) => boolean;
}

// Where the cluster test always runs (and fails without Galera); elsewhere it runs only when
// Galera is installed, so it needs nothing.
const inCi = (env: NodeJS.ProcessEnv) => env.CI === 'true';
// Where the bare-machine test runs: never beside other files (see test/e2e/bare-debian.test.ts).
const bareMachineTest = (env: NodeJS.ProcessEnv) => env.E2E_BARE_DEBIAN === '1';

/** What answers at the default DATABASE_URL when nothing else does. */
export const LOCAL_DATABASE_PACKAGES = ['mariadb-server'] as const;

export const NEEDS: readonly Need[] = [
  {
    // Asked exactly as the service asks at start-up, so the check and the service never disagree.
    // python3-uno is named because --no-install-recommends leaves it out, and carbone's converter
    // cannot start without a python3 that imports `uno` (a bare `soffice --convert-to` still works).
    what: 'LibreOffice Writer (headless) with a python3 that has uno',
    packages: ['libreoffice-writer-nogui', 'python3-uno'],
    purposes: ['demo', 'test'],
    present: (config) => locateLibreOffice({ sofficePath: config.sofficePath }).available,
  },
  {
    // The invoice template is set in Liberation Sans; without it LibreOffice substitutes another
    // family with other metrics and the layout moves.
    what: 'the Liberation fonts',
    packages: ['fonts-liberation2'],
    purposes: ['demo', 'test'],
    present: () => {
      const listed = spawnSync('fc-list', ['Liberation Sans', 'family'], { encoding: 'utf8' });
      return listed.status === 0 && listed.stdout.trim() !== '';
    },
  },
  {
    what: 'poppler (pdftotext, pdfinfo, pdfimages read the PDFs back)',
    packages: ['poppler-utils'],
    purposes: ['test'],
    present: () => ['pdftotext', 'pdfinfo', 'pdfimages'].every(onPath),
  },
  {
    what: 'Chromium (the test that renders /v1/docs)',
    packages: ['chromium'],
    purposes: ['test'],
    present: () => findChromium() !== null,
  },
  {
    // rsync is how a new node copies its first state.
    what: 'a local Galera cluster (the cluster test)',
    packages: ['mariadb-server', 'galera-4', 'rsync'],
    purposes: ['test'],
    wanted: inCi,
    present: () => galeraInstalled(),
  },
  {
    // The annulment deadline is checked against the CLI's own clock: the tests run the CLI as a
    // real process at a moved date through libfaketime's LD_PRELOAD.
    what: 'libfaketime (the tests that run the CLI at another date)',
    packages: ['faketime'],
    purposes: ['test'],
    present: () => onPath('faketime'),
  },
  {
    what: 'debootstrap (the bare-machine test)',
    packages: ['debootstrap'],
    purposes: ['test'],
    wanted: bareMachineTest,
    present: () => onPath('debootstrap'),
  },
];

/** The needs of these purposes that apply on this machine. */
export function needsFor(purposes: readonly Purpose[], env: NodeJS.ProcessEnv): Need[] {
  return NEEDS.filter((need) => need.purposes.some((p) => purposes.includes(p)) && (need.wanted?.(env) ?? true));
}

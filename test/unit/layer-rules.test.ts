import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The layer rules of `.dependency-cruiser.js`, run as `npm run lint` runs them, against a tiny tree
 * that breaks each of them on purpose: a rule that stopped matching (a renamed folder, a broken
 * regular expression) would otherwise pass in silence. dependency-cruiser's API is ES modules
 * only, which jest's CommonJS runtime cannot load, so the test runs its command line.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(ROOT, 'test/fixtures/layers');
const CONFIG = path.join(ROOT, '.dependency-cruiser.js');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

/** A package is named as imported, wherever node_modules is. */
const shortName = (module: string): string => module.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1');

function cruiseFixture(): string[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], {
    cwd: FIXTURE,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.severity} ${v.rule.name}: ${v.from} -> ${shortName(v.to)}`).sort();
}

describe('layer rules', () => {
  let violations: string[];
  beforeAll(() => {
    violations = cruiseFixture();
  });

  it('reports every deliberate violation in the fixture tree, and nothing that is allowed', () => {
    expect(violations).toEqual([
      'error adapters-independent: src/console/screen-violation.ts -> src/http/route-violation.ts',
      'error adapters-independent: src/http/route-violation.ts -> src/cli/exit.ts',
      'error adapters-not-entities: src/http/route-violation.ts -> src/entities/invoice-row.ts',
      'error context-not-through-own-index: src/services/documents/kernel-violation.ts -> src/services/documents/index.ts',
      'error contexts-through-index: src/services/sales/pricing-violation.ts -> src/services/documents/numbering.ts',
      'error delivery-is-a-leaf: src/services/sales/mail-violation.ts -> src/services/delivery/index.ts',
      'error domain-imports-only-domain: src/domain/domain-violation.ts -> src/entities/invoice-row.ts',
      'error domain-imports-only-domain: src/domain/domain-violation.ts -> src/services/sales/pricing-violation.ts',
      'error domain-node-builtins: src/domain/domain-violation.ts -> fs',
      'error domain-packages: src/domain/domain-violation.ts -> koa',
      'error kernel-imports-no-feature: src/services/documents/kernel-violation.ts -> src/services/sales/index.ts',
      'error only-pdf-loads-carbone: src/services/sales/pricing-violation.ts -> carbone',
      'error services-live-in-contexts: src/services/loose-violation.ts -> src/domain/units.ts',
      'error services-not-adapters: src/services/sales/pricing-violation.ts -> src/console/screen-violation.ts',
      'error services-through-index: src/domain/domain-violation.ts -> src/services/sales/pricing-violation.ts',
      'error services-through-index: src/http/route-violation.ts -> src/services/documents/numbering.ts',
    ]);
  });

  it('has a deliberate violation for each of its rules', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS config, as dependency-cruiser loads it
    const config = require(CONFIG) as { forbidden: { name: string }[] };
    const exercised = new Set(violations.map((line) => /^error ([^:]+):/.exec(line)?.[1]));
    expect(config.forbidden.map((rule) => rule.name).filter((name) => !exercised.has(name))).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the generated types live; `npm run gen:client` writes it, a test keeps it current. */
export const API_TYPES_FILE = path.join(__dirname, 'api-types.ts');

/**
 * TypeScript types for an OpenAPI YAML document, from openapi-typescript's CLI. It runs in a
 * child process because openapi-typescript loads ES modules that jest's module loader cannot.
 */
export function generateApiTypes(yaml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-types-'));
  try {
    const input = path.join(dir, 'openapi.yaml');
    writeFileSync(input, yaml);
    // By path: the package's exports map turns a bare `bin/cli.js` into a file that does not exist.
    const cli = path.join(path.dirname(require.resolve('openapi-typescript/package.json')), 'bin', 'cli.js');
    const run = spawnSync(process.execPath, [cli, input], { encoding: 'utf8', timeout: 60_000 });
    if (run.status !== 0) throw new Error(`openapi-typescript failed (${run.status ?? run.signal}): ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

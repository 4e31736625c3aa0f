import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root: where `npm run` would start the compiled service. */
export const REPO_ROOT = path.resolve(__dirname, '../..');
const SOURCE_DIRS = ['src', 'config', 'migrations'];

/**
 * Makes sure dist/ holds the current sources, compiling (about 10 s) only when a source is newer
 * than `output`, so tests that start the compiled service run what is in the tree. Type errors do
 * not stop it: `npm run typecheck` is the gate for those, and tsc emits anyway.
 */
export function ensureFreshBuild(output: string): string {
  const target = path.join(REPO_ROOT, output);
  if (!fs.existsSync(target) || fs.statSync(target).mtimeMs < newestSourceMtime()) {
    try {
      execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: REPO_ROOT, stdio: 'pipe' });
    } catch {
      // Reported by the typecheck; the emitted JavaScript is checked just below.
    }
  }
  if (!fs.existsSync(target)) throw new Error(`${output} was not built`);
  return target;
}

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) visit(path.join(REPO_ROOT, dir));
  return newest;
}

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runBench, writeResults } from './bench-output';
import { REPO_ROOT } from './bench-processes';
import { summarize } from './stats';

/**
 * `npm run bench:setup`: what `npm run setup` (the check before every `npm run demo` and
 * `npm test`) costs on a machine that has everything, as a whole process the way npm starts it,
 * for everything it checks (the demo's and the tests' needs, both databases). Run as root with
 * stand-ins for the package manager and the local MariaDB start: a check that found everything
 * must call neither. The ceiling is 2 s per check.
 */
const RUNS = 10;
const CEILING_MS = 2000;
const SCRIPT = path.join(REPO_ROOT, 'dist/scripts/setup/main.js');
const RESULTS_FILE = path.join(REPO_ROOT, 'bench', 'results', 'setup-check.json');

async function main(): Promise<void> {
  if (!fs.existsSync(SCRIPT)) throw new Error(`${SCRIPT} is missing: run npm run build`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-bench-'));
  const calls = path.join(dir, 'calls');
  const standIn = path.join(dir, 'stand-in');
  fs.writeFileSync(standIn, `#!/bin/sh\necho "$0 $*" >> "${calls}"\n`, { mode: 0o755 });
  const env = { ...process.env, SETUP_AS_ROOT: '1', SETUP_APT_GET: standIn, SETUP_LOCAL_MARIADB: standIn };
  try {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const run = spawnSync(process.execPath, [SCRIPT], { cwd: REPO_ROOT, env, encoding: 'utf8' });
      ms.push(performance.now() - start);
      if (run.status !== 0) throw new Error(`the check exited ${run.status}: something is missing here\n${run.stdout}${run.stderr}`);
    }
    if (fs.existsSync(calls)) throw new Error(`a check that found everything changed something:\n${fs.readFileSync(calls, 'utf8')}`);
    const stats = summarize(ms);
    console.log(`npm run setup with everything present, ${RUNS} runs: ${JSON.stringify(stats)} ms (ceiling ${CEILING_MS} ms)`);
    writeResults(RESULTS_FILE, { runs: RUNS, ceilingMs: CEILING_MS, ms: stats });
    if (stats.maxMs > CEILING_MS) throw new Error(`the slowest check took ${stats.maxMs} ms, over ${CEILING_MS} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);

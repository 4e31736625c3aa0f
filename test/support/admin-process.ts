import { spawn } from 'node:child_process';
import { ensureFreshBuild, REPO_ROOT } from './fresh-build';

export interface AdminProcessRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs the compiled operator CLI as its own process (`node dist/src/cli/admin.js ...args`), as
 * `npm run --silent admin -- ...` does, with DATABASE_URL and `env` over the current environment,
 * and `stdin` as its standard input when given.
 */
export function runAdminProcess(
  databaseUrl: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  stdin?: string,
): Promise<AdminProcessRun> {
  const script = ensureFreshBuild('dist/src/cli/admin.js');
  return collect(process.execPath, [script, ...args], { ...env, DATABASE_URL: databaseUrl }, stdin);
}

/**
 * runAdminProcess with the process's clock set to `at` (then running on from it), through
 * libfaketime (`faketime`, Debian's package of it): the CLI's `new Date()` reads the moved clock,
 * as the real clock would read on that day. Only the wall clock moves; the monotonic one, which
 * timers and the database driver's timeouts use, is left alone.
 */
export function runAdminProcessAt(at: Date, databaseUrl: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<AdminProcessRun> {
  const script = ensureFreshBuild('dist/src/cli/admin.js');
  // faketime reads "@YYYY-MM-DD HH:MM:SS" in the process's time zone, so the child runs in UTC.
  const stamp = `@${at.toISOString().slice(0, 19).replace('T', ' ')}`;
  return collect('faketime', ['-f', stamp, process.execPath, script, ...args], {
    ...env,
    TZ: 'UTC',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    DATABASE_URL: databaseUrl,
  });
}

function collect(command: string, argv: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<AdminProcessRun> {
  const child = spawn(command, argv, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (c: Buffer) => out.push(c));
  child.stderr!.on('data', (c: Buffer) => err.push(c));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

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
  const child = spawn(process.execPath, [script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, DATABASE_URL: databaseUrl },
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

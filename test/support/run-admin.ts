import { Readable } from 'node:stream';
import { buildProgram, exitOnFailure, main } from '../../src/cli/admin';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator CLI in-process against `databaseUrl`, as `npm run --silent admin -- ...args`
 * would. The CLI reads its configuration from process.env, so DATABASE_URL and LOG_LEVEL are set
 * for the call and restored after; stdout and stderr are captured, not printed.
 */
export function runAdmin(databaseUrl: string, args: string[], stdin?: string): Promise<AdminRun> {
  return captured(databaseUrl, () => main(args), stdin);
}

/**
 * runAdmin, for a command that fails: also what it threw, whose code the printed line leaves out.
 * The same steps as main(): the program, then the CLI's translation of the failure.
 */
export async function runAdminFailure(databaseUrl: string, args: string[], stdin?: string): Promise<AdminRun & { error: unknown }> {
  let error: unknown;
  const run = await captured(
    databaseUrl,
    () =>
      buildProgram()
        .parseAsync(args, { from: 'user' })
        .then(
          () => 0,
          (err: unknown) => {
            error = err;
            return exitOnFailure(err);
          },
        ),
    stdin,
  );
  return { ...run, error };
}

/** `stdin`, when given, is what the command reads from process.stdin (e.g. `--password-stdin`). */
async function captured(databaseUrl: string, command: () => Promise<number>, stdin?: string): Promise<AdminRun> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
  process.env.DATABASE_URL = databaseUrl;
  process.env.LOG_LEVEL = 'silent';
  const stdout = captureWrites(process.stdout);
  const stderr = captureWrites(process.stderr);
  const input = stdin === undefined ? undefined : jest.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([stdin]) as never);
  try {
    const code = await command();
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    stdout.restore();
    stderr.restore();
    input?.mockRestore();
    restoreEnv(saved);
  }
}

function captureWrites(stream: NodeJS.WriteStream): { text(): string; restore(): void } {
  const chunks: string[] = [];
  const spy = jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  return { text: () => chunks.join(''), restore: () => spy.mockRestore() };
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

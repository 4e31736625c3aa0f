import { Readable } from 'node:stream';
import { buildProgram, exitOnFailure, main } from '../../src/cli/admin';
import * as rendererFactory from '../../src/pdf/create-pdf-renderer';
import type { CarbonePdfRenderer } from '../../src/pdf/pdf-renderer';
import { RendererLease, rendererKey } from './renderer-lease';

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

/** Whether this file's commands share one LibreOffice, and that LibreOffice once a command started it. */
let sharing = false;
let shared: { key: string; renderer: CarbonePdfRenderer } | undefined;
/** The file's app's renderer, when the commands lease that one (shareLibreOfficeAcrossCommands). */
let appRenderer: (() => CarbonePdfRenderer) | undefined;

/**
 * Called in a describe whose commands print (`note pdf`, `template check` and `publish`): each
 * of them would start a LibreOffice of its own and stop it at the end, seconds of CPU each.
 * Instead each gets a lease (RendererLease) on one LibreOffice the file starts once, with the
 * rules of its own renderer (it must start it before rendering); a command configured otherwise
 * (another SOFFICE_PATH, say) still gets its own. Only in-process runs: runAdminProcess is a real
 * process with its own LibreOffice.
 *
 * `app`: the renderer of the file's app, started, for a file whose app renders too. carbone is one
 * per process (CarbonePdfRenderer), so a command's own LibreOffice could not start beside it: every
 * command then leases the app's, whatever its configuration, and the app stops it.
 */
export function shareLibreOfficeAcrossCommands(app?: () => CarbonePdfRenderer): void {
  beforeAll(() => {
    sharing = true;
    appRenderer = app;
  });
  afterAll(async () => {
    sharing = false;
    appRenderer = undefined;
    await shared?.renderer.stop();
    shared = undefined;
  });
}

/** While a command runs: the renderer it makes is a lease on the shared one. */
function leaseSharedRenderer(): jest.SpyInstance {
  const original = rendererFactory.createPdfRenderer;
  return jest.spyOn(rendererFactory, 'createPdfRenderer').mockImplementation((config, logger) => {
    if (appRenderer !== undefined) return new RendererLease(appRenderer()) as unknown as CarbonePdfRenderer;
    const key = rendererKey(config);
    // No carbone output: commands run here at LOG_LEVEL=silent anyway.
    shared ??= { key, renderer: original(config) };
    return shared.key === key ? (new RendererLease(shared.renderer) as unknown as CarbonePdfRenderer) : original(config, logger);
  });
}

/** `stdin`, when given, is what the command reads from process.stdin (e.g. `--password-stdin`). */
async function captured(databaseUrl: string, command: () => Promise<number>, stdin?: string): Promise<AdminRun> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
  process.env.DATABASE_URL = databaseUrl;
  process.env.LOG_LEVEL = 'silent';
  const stdout = captureWrites(process.stdout);
  const stderr = captureWrites(process.stderr);
  const input = stdin === undefined ? undefined : jest.spyOn(process, 'stdin', 'get').mockReturnValue(Readable.from([stdin]) as never);
  const leases = sharing ? leaseSharedRenderer() : undefined;
  try {
    const code = await command();
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    leases?.mockRestore();
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

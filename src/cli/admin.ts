import 'reflect-metadata';
import { Command, CommanderError } from 'commander';
import { COMMANDS } from './commands';
import { CliRuntime, runCommand } from './cli-runtime';
import { CommandExit } from './command-exit';

/**
 * The operator CLI: `npm run --silent admin -- <command>` (decision 29). Exit 0 on
 * success; otherwise one line on stderr saying why, and a non-zero code.
 */
export function buildProgram(run: (body: (rt: CliRuntime) => Promise<void>) => Promise<void> = runCommand): Command {
  const program = new Command('admin')
    .description('Operator commands for the invoicing service (same database and rules as the API).')
    .exitOverride()
    .showHelpAfterError(false)
    .configureOutput({ outputError: (str, write) => write(str) });
  for (const register of COMMANDS) register(program, run);
  return program;
}

/** Runs one command line; `run` gives a command its database and container (a test may pass its own). */
export async function main(argv: string[], run: (body: (rt: CliRuntime) => Promise<void>) => Promise<void> = runCommand): Promise<number> {
  try {
    await buildProgram(run).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    return exitOnFailure(err);
  }
}

/**
 * The CLI's edge translation (decision 24): commander's own ends (--help, --version, a missing
 * option, which it has already explained) and a CommandExit keep their code and print nothing
 * more; any other failure is one line on stderr and exit 1, never a stack. An AppError, whether a
 * service refused or an option parser did, is written so that its message is what the operator
 * needs. The code is not printed: the line stays as operators and their scripts know it.
 */
export function exitOnFailure(err: unknown): number {
  if (err instanceof CommanderError || err instanceof CommandExit) return err.exitCode;
  process.stderr.write(`error: ${oneLine(err)}\n`);
  return 1;
}

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, ' ');
}

if (require.main === module) {
  // main turns every failure into an exit code (exitOnFailure), so it never rejects.
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

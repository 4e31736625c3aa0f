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

export async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here with exit code 0.
      return err.exitCode;
    }
    if (err instanceof CommandExit) return err.exitCode;
    // Every other failure is one line on stderr and exit 1, never a stack: a service's RefusalError
    // and the CLI's OperatorError (a bad option) are written so that line is what the operator needs.
    process.stderr.write(`error: ${oneLine(err)}\n`);
    return 1;
  }
}

function oneLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, ' ');
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

import { Purpose } from './needs';

/** `npm run setup` checks everything; `-- demo` or `-- test` only what that command needs. */
const ARGUMENTS: Record<string, readonly Purpose[]> = { demo: ['demo'], test: ['test'] };
const EVERYTHING: readonly Purpose[] = ['demo', 'test'];

// sudo starts from a clean environment; these settings change what is checked.
const SETTINGS_SUDO_KEEPS = ['DATABASE_URL', 'TEST_DATABASE_SERVER_URL', 'SOFFICE_PATH', 'CHROMIUM_PATH', 'CI'];

/** The purposes of `npm run setup [-- ARGUMENT]`, or undefined for an argument it does not take. */
export function purposesOf(argument: string | undefined): readonly Purpose[] | undefined {
  return argument === undefined ? EVERYTHING : ARGUMENTS[argument];
}

/** The command that does, as root and with the caller's settings, what this check found missing. */
export function sudoCommand(purposes: readonly Purpose[], env: NodeJS.ProcessEnv): string {
  const kept = SETTINGS_SUDO_KEEPS.filter((name) => (env[name]?.trim() ?? '') !== '');
  const preserve = kept.length > 0 ? `--preserve-env=${kept.join(',')} ` : '';
  const argument = Object.keys(ARGUMENTS).find((name) => ARGUMENTS[name].join() === purposes.join());
  return `sudo ${preserve}npm run setup${argument === undefined ? '' : ` -- ${argument}`}`;
}

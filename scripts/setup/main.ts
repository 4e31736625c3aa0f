import fs from 'node:fs';
import path from 'node:path';
import { purposesOf } from './command-line';
import { setUp } from './setup';

/**
 * `npm run setup [-- demo|test]`, also run before `npm run demo` (predemo) and `npm test`
 * (pretest). SETUP_AS_ROOT (1/0), SETUP_APT_GET, SETUP_OS_RELEASE and SETUP_LOCAL_MARIADB stand in
 * for the machine in tests and trials.
 */
function repoRoot(dir: string): string {
  if (fs.existsSync(path.join(dir, 'package.json')) || path.dirname(dir) === dir) return dir;
  return repoRoot(path.dirname(dir));
}

const purposes = purposesOf(process.argv[2]);
if (purposes === undefined || process.argv.length > 3) {
  console.error('usage: npm run setup [-- demo|test]   (no argument: everything the demo and the tests need)');
  process.exit(2);
}
const env = process.env;
setUp({
  purposes,
  env,
  isRoot: env.SETUP_AS_ROOT !== undefined ? env.SETUP_AS_ROOT === '1' : process.getuid?.() === 0,
  aptGet: env.SETUP_APT_GET || 'apt-get',
  osReleaseFile: env.SETUP_OS_RELEASE || '/etc/os-release',
  localMariadb: env.SETUP_LOCAL_MARIADB || path.join(repoRoot(__dirname), 'scripts/local-mariadb.sh'),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`setup failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 1;
  },
);

import path from 'node:path';
import { AppConfig, ConfigError, loadConfig } from '../../config/config';
import { sudoCommand } from './command-line';
import { askDatabase, DatabaseAnswer, DatabaseTarget, databaseTargets, describeTarget } from './database';
import { isDebianLike, onPath, runCommand } from './machine';
import { LOCAL_DATABASE_PACKAGES, Need, needsFor, Purpose } from './needs';

/** What setup reads and does to the machine goes through these, so tests can stand in for it. */
export interface SetupOptions {
  purposes: readonly Purpose[];
  /** The settings, as the service and the tests read them (DATABASE_URL, SOFFICE_PATH, …). */
  env: NodeJS.ProcessEnv;
  isRoot: boolean;
  /** The package manager, called as apt-get is: `update …`, `install … PACKAGES`. */
  aptGet: string;
  osReleaseFile: string;
  /** Run with bash to start the machine's MariaDB and let root in over TCP. */
  localMariadb: string;
  /** Where the machine's own MariaDB answers: the default DATABASE_URL unless a test moves it. */
  localDatabaseUrl?: string;
  /** Progress, a line at a time; the end of a line may come later (the seconds of a step). */
  out: (text: string) => void;
  /** What is missing or failed. */
  err: (text: string) => void;
}

interface UnansweredDatabase {
  target: DatabaseTarget;
  answer: Exclude<DatabaseAnswer, { state: 'answers' }>;
}

interface Missing {
  needs: Need[];
  databases: UnansweredDatabase[];
}

/** What root on Debian can do about what is missing. */
interface Plan {
  packages: string[];
  startLocalDatabase: boolean;
}

// Appended, not prepended: dpkg needs ldconfig and start-stop-daemon, and a user's PATH may lack
// sbin, but which python3 or node comes first stays as the user has it.
const SBIN_PATH = ['/usr/local/sbin', '/usr/sbin', '/sbin'].join(path.delimiter);

const seconds = (since: number) => {
  const s = (Date.now() - since) / 1000;
  return `${s < 10 ? s.toFixed(1) : Math.round(s)}s`;
};

async function findMissing(o: SetupOptions, config: AppConfig): Promise<Missing> {
  const targets = databaseTargets(o.env, config.databaseUrl, o.purposes, o.localDatabaseUrl);
  // Asked first: the databases answer while the other probes (which wait on processes) run.
  const asked = Promise.all(targets.map((target) => askDatabase(target.url)));
  const needs = needsFor(o.purposes, o.env).filter((need) => !need.present(config));
  const answers = await asked;
  const databases = targets.flatMap((target, i): UnansweredDatabase[] => {
    const answer = answers[i];
    return answer.state === 'answers' ? [] : [{ target, answer }];
  });
  return { needs, databases };
}

/** The local MariaDB is ours to start and open only while it is the default URL that goes unanswered. */
const fixable = ({ target, answer }: UnansweredDatabase) => target.local && answer.state !== 'fails';

function planFor(missing: Missing): Plan {
  const startLocalDatabase = missing.databases.some(fixable);
  const serverPackages = startLocalDatabase && !onPath('mariadbd') ? LOCAL_DATABASE_PACKAGES : [];
  const packages = [...new Set([...missing.needs.flatMap((need) => need.packages), ...serverPackages])];
  return { packages, startLocalDatabase };
}

function databaseLine(db: UnansweredDatabase): string {
  const { target, answer } = db;
  const what = `${describeTarget(target)}: ${answer.state === 'refuses-login' ? 'refuses the login' : answer.state === 'silent' ? 'nothing answers' : 'fails'} (${answer.detail})`;
  if (!fixable(db)) return `${what}; left as it is: start that server or correct ${target.settings.join(' or ')}`;
  if (answer.state === 'refuses-login') return `${what} -> let root in over TCP with an empty password`;
  const install = onPath('mariadbd') ? '' : `install ${LOCAL_DATABASE_PACKAGES.join(' ')}, `;
  return `${what} -> ${install}start the local MariaDB, let root in over TCP`;
}

function reportMissing(o: SetupOptions, missing: Missing, prefix: string): void {
  for (const need of missing.needs)
    o.err(`setup: ${prefix}${need.what} -> Debian package${need.packages.length > 1 ? 's' : ''} ${need.packages.join(' ')}\n`);
  for (const db of missing.databases) o.err(`setup: ${prefix}${databaseLine(db)}\n`);
}

/** One progress line: the step, then its seconds once it is over. */
async function step(o: SetupOptions, label: string, command: string, args: readonly string[]): Promise<boolean> {
  o.out(`setup: ${label} ... `);
  const started = Date.now();
  const env = { ...o.env, DEBIAN_FRONTEND: 'noninteractive', PATH: `${o.env.PATH ?? ''}${path.delimiter}${SBIN_PATH}` };
  const { code, output } = await runCommand(command, args, env);
  if (code === 0) {
    o.out(`${seconds(started)}\n`);
    return true;
  }
  o.out(`failed after ${seconds(started)} (exit ${code})\n`);
  o.err(`${output.trimEnd().split('\n').slice(-30).join('\n')}\n`);
  return false;
}

async function carryOut(o: SetupOptions, plan: Plan): Promise<boolean> {
  if (plan.packages.length > 0) {
    const apt = ['-q', '-o', 'DPkg::Lock::Timeout=300'];
    if (!(await step(o, `${o.aptGet} update`, o.aptGet, ['update', ...apt]))) return false;
    const install = ['install', '-y', ...apt, '--no-install-recommends', ...plan.packages];
    if (!(await step(o, `${o.aptGet} install --no-install-recommends ${plan.packages.join(' ')}`, o.aptGet, install))) return false;
  }
  if (plan.startLocalDatabase && !(await step(o, 'local MariaDB running, root allowed over TCP', 'bash', [o.localMariadb]))) return false;
  return true;
}

/**
 * Checks what the given purposes need; as root on Debian or Ubuntu installs and starts what is
 * missing, anywhere else says what is missing and how to get it. Resolves to the exit code: 0 only
 * when everything is present at the end.
 */
export async function setUp(o: SetupOptions): Promise<number> {
  const started = Date.now();
  const label = `prerequisites of ${o.purposes.map((p) => `npm ${p === 'demo' ? 'run demo' : 'test'}`).join(' and ')}`;
  let config: AppConfig;
  try {
    config = loadConfig(o.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    o.err(`setup: ${err.message}\n`);
    return 1;
  }
  const missing = await findMissing(o, config);
  if (missing.needs.length === 0 && missing.databases.length === 0) {
    o.out(`setup: ${label}: all present (${seconds(started)})\n`);
    return 0;
  }
  reportMissing(o, missing, 'missing ');
  const plan = planFor(missing);
  if (plan.packages.length > 0 || plan.startLocalDatabase) {
    if (!isDebianLike(o.osReleaseFile)) {
      o.err("setup: not Debian or Ubuntu: install the packages above (Debian names) with your system's package manager\n");
      return 1;
    }
    if (!o.isRoot) {
      o.err(`setup: nothing was installed (not root). Run: ${sudoCommand(o.purposes, o.env)}\n`);
      return 1;
    }
    if (!(await carryOut(o, plan))) return 1;
    const left = await findMissing(o, config);
    const stillMissing = { needs: left.needs, databases: left.databases.filter(fixable) };
    if (stillMissing.needs.length > 0 || stillMissing.databases.length > 0) {
      reportMissing(o, stillMissing, 'still missing: ');
      return 1;
    }
  }
  if (missing.databases.some((db) => !fixable(db))) return 1;
  o.out(`setup: ${label}: ready in ${seconds(started)}\n`);
  return 0;
}

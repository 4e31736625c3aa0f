import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sudoCommand } from '../../scripts/setup/command-line';
import { onPath } from '../../scripts/setup/machine';
import { Purpose } from '../../scripts/setup/needs';
import { setUp } from '../../scripts/setup/setup';

// Nothing answers on port 1: a database that refuses, at once.
const REFUSING_URL = 'mysql://root@127.0.0.1:1/invoicing';
const NO_LIBREOFFICE = '/nonexistent/libreoffice/program/soffice';

describe('npm run setup (the check before npm run demo and npm test)', () => {
  let dir: string;
  let aptGet: string;
  let localMariadb: string;
  let debian: string;

  /** A command that records each call's arguments, one line per call, and succeeds. */
  const standIn = (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `#!/bin/sh\necho "$*" >> "${file}.calls"\n`, { mode: 0o755 });
    return file;
  };
  const calls = (file: string) => (fs.existsSync(`${file}.calls`) ? fs.readFileSync(`${file}.calls`, 'utf8').trimEnd().split('\n') : []);

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-check-'));
    debian = path.join(dir, 'os-release');
    fs.writeFileSync(debian, 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    aptGet = standIn('apt-get');
    localMariadb = standIn('local-mariadb');
    for (const file of [aptGet, localMariadb]) fs.rmSync(`${file}.calls`, { force: true });
  });

  /** setUp on this machine, with `settings` on top of an environment that sets none of its own. */
  async function check(
    purposes: Purpose[],
    settings: NodeJS.ProcessEnv,
    machine: { isRoot: boolean; osReleaseFile?: string; localDatabaseUrl?: string },
  ) {
    const env = { ...process.env };
    for (const name of ['DATABASE_URL', 'TEST_DATABASE_SERVER_URL', 'SOFFICE_PATH', 'CHROMIUM_PATH', 'CI']) delete env[name];
    Object.assign(env, settings);
    const before = { ...env };
    let out = '';
    let err = '';
    const code = await setUp({
      purposes,
      env,
      aptGet,
      localMariadb,
      osReleaseFile: debian,
      ...machine,
      out: (text) => (out += text),
      err: (text) => (err += text),
    });
    expect(env).toEqual(before);
    return { code, out, err: err.trimEnd().split('\n'), apt: calls(aptGet), mariadb: calls(localMariadb) };
  }

  it('with everything present says so, changes nothing and calls no package manager, root or not', async () => {
    for (const isRoot of [true, false]) {
      const r = await check(['demo', 'test'], {}, { isRoot });
      expect(r.out).toMatch(/^setup: prerequisites of npm run demo and npm test: all present \(\d+\.\ds\)\n$/);
      expect({ code: r.code, apt: r.apt, mariadb: r.mariadb }).toEqual({ code: 0, apt: [], mariadb: [] });
    }
  });

  it('not root: one line per missing thing with its packages, then the sudo line; installs nothing and exits 1', async () => {
    const r = await check(['demo'], { SOFFICE_PATH: NO_LIBREOFFICE }, { isRoot: false });
    expect(r.err).toEqual([
      'setup: missing LibreOffice Writer (headless) with a python3 that has uno -> Debian packages libreoffice-writer-nogui python3-uno',
      'setup: nothing was installed (not root). Run: sudo --preserve-env=SOFFICE_PATH npm run setup -- demo',
    ]);
    expect({ code: r.code, apt: r.apt, mariadb: r.mariadb }).toEqual({ code: 1, apt: [], mariadb: [] });
  });

  it('root on Debian: installs exactly the missing packages without recommends, one timed line per step, then checks again', async () => {
    const r = await check(['demo'], { SOFFICE_PATH: NO_LIBREOFFICE }, { isRoot: true });
    expect(r.apt).toEqual([
      'update -q -o DPkg::Lock::Timeout=300',
      'install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends libreoffice-writer-nogui python3-uno',
    ]);
    expect(r.out).toMatch(
      /^setup: \S+\/apt-get update \.\.\. \d+\.\ds\nsetup: \S+\/apt-get install --no-install-recommends libreoffice-writer-nogui python3-uno \.\.\. \d+\.\ds\n$/,
    );
    // The stand-in installed nothing, and SOFFICE_PATH still points nowhere.
    expect(r.err).toContain(
      'setup: still missing: LibreOffice Writer (headless) with a python3 that has uno -> Debian packages libreoffice-writer-nogui python3-uno',
    );
    expect({ code: r.code, mariadb: r.mariadb }).toEqual({ code: 1, mariadb: [] });
  });

  it("never acts on a DATABASE_URL of the user's: reports it, password masked, root or not", async () => {
    for (const isRoot of [true, false]) {
      const r = await check(['demo'], { DATABASE_URL: 'mysql://shop:s3cret@127.0.0.1:1/invoicing' }, { isRoot });
      expect(r.err).toEqual([
        'setup: missing the database at mysql://shop:****@127.0.0.1:1/invoicing (your DATABASE_URL): nothing answers (connect ECONNREFUSED 127.0.0.1:1); left as it is: start that server or correct DATABASE_URL',
      ]);
      expect({ code: r.code, apt: r.apt, mariadb: r.mariadb }).toEqual({ code: 1, apt: [], mariadb: [] });
    }
  });

  it("reports the tests' own server when TEST_DATABASE_SERVER_URL is set", async () => {
    const r = await check(['test'], { TEST_DATABASE_SERVER_URL: 'mysql://root@127.0.0.1:1' }, { isRoot: true });
    expect(r.err).toEqual([
      expect.stringMatching(
        /^setup: missing the database at mysql:\/\/root@127\.0\.0\.1:1 \(your TEST_DATABASE_SERVER_URL\): nothing answers .*correct TEST_DATABASE_SERVER_URL$/,
      ),
    ]);
    expect({ code: r.code, apt: r.apt, mariadb: r.mariadb }).toEqual({ code: 1, apt: [], mariadb: [] });
  });

  it('the default database unanswered: root starts the local MariaDB (installing mariadb-server where it is missing); not root is told to sudo', async () => {
    const serverInstalled = onPath('mariadbd');
    const asUser = await check(['demo'], {}, { isRoot: false, localDatabaseUrl: REFUSING_URL });
    expect(asUser.err).toEqual([
      `setup: missing the database at ${REFUSING_URL} (default DATABASE_URL): nothing answers (connect ECONNREFUSED 127.0.0.1:1) -> ${serverInstalled ? '' : 'install mariadb-server, '}start the local MariaDB, let root in over TCP`,
      'setup: nothing was installed (not root). Run: sudo npm run setup -- demo',
    ]);
    expect({ apt: asUser.apt, mariadb: asUser.mariadb }).toEqual({ apt: [], mariadb: [] });

    const asRoot = await check(['demo'], {}, { isRoot: true, localDatabaseUrl: REFUSING_URL });
    expect(asRoot.apt).toEqual(
      serverInstalled
        ? []
        : ['update -q -o DPkg::Lock::Timeout=300', 'install -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends mariadb-server'],
    );
    expect(asRoot.mariadb).toEqual(['']);
    expect(asRoot.out).toMatch(/^setup: local MariaDB running, root allowed over TCP \.\.\. \d+\.\ds$/m);
    expect(asRoot.code).toBe(1); // the stand-in started nothing
  });

  it('elsewhere than Debian or Ubuntu names the packages and installs nothing, even as root', async () => {
    const fedora = path.join(dir, 'fedora-release');
    fs.writeFileSync(fedora, 'ID=fedora\nID_LIKE="rhel centos"\n');
    const r = await check(['demo'], { SOFFICE_PATH: NO_LIBREOFFICE }, { isRoot: true, osReleaseFile: fedora });
    expect(r.err).toEqual([
      'setup: missing LibreOffice Writer (headless) with a python3 that has uno -> Debian packages libreoffice-writer-nogui python3-uno',
      "setup: not Debian or Ubuntu: install the packages above (Debian names) with your system's package manager",
    ]);
    expect({ code: r.code, apt: r.apt }).toEqual({ code: 1, apt: [] });
  });

  it('tells a user without root the command for what was checked, keeping the settings sudo would drop', () => {
    expect(sudoCommand(['demo', 'test'], {})).toBe('sudo npm run setup');
    expect(sudoCommand(['test'], { CI: 'true' })).toBe('sudo --preserve-env=CI npm run setup -- test');
    expect(sudoCommand(['demo'], { DATABASE_URL: 'mysql://a@b/c', SOFFICE_PATH: ' ' })).toBe(
      'sudo --preserve-env=DATABASE_URL npm run setup -- demo',
    );
  });
});

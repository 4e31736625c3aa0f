import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { ensureFreshBuild } from '../support/fresh-build';
import { consolePortOf, startServiceProcess, stopForGood } from '../support/service-process';
import { createTestDatabase } from '../support/test-database';

/** Runs `node dist/src/main.js` with `env` until it exits (bounded), collecting its output. */
function runMain(
  main: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 20_000,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.js did not exit within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('npm start with an unusable configuration', () => {
  let main: string;
  beforeAll(() => {
    main = ensureFreshBuild('dist/src/main.js');
  }, 120_000);

  it('fails at once with one clear line naming the database URL, password masked', async () => {
    const run = await runMain(main, { DATABASE_URL: 'mysql://app:s3cret-pw@127.0.0.1:1/invoicing', PORT: '0' });
    expect(run.code).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('mysql://app:****@127.0.0.1:1/invoicing');
    expect(lines[0]).toContain('docker compose up -d mysql');
    expect(run.stderr + run.stdout).not.toContain('s3cret-pw');
  });

  it('refuses a bad setting with a message naming it', async () => {
    const run = await runMain(main, { PORT: 'eighty' });
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim()).toMatch(/^Invalid configuration: PORT must be a whole number/);
  });

  it('stops with one line naming CONSOLE_PORT when the console cannot listen there', async () => {
    const db = await createTestDatabase();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = await runMain(
        main,
        { DATABASE_URL: db.config.databaseUrl, PORT: '0', CONSOLE_PORT: String(port), SOFFICE_PATH: '/nonexistent/soffice' },
        60_000,
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr.trim().split('\n')).toEqual([`Cannot listen on CONSOLE_PORT ${port}: the port is already in use`]);
    } finally {
      taken.close();
      await db.drop();
    }
  }, 90_000);

  it('serves the console beside the API, and none with CONSOLE_PORT=off', async () => {
    const db = await createTestDatabase();
    const children: ChildProcess[] = [];
    try {
      const env = { DATABASE_URL: db.config.databaseUrl, PORT: '0', SOFFICE_PATH: '/nonexistent/soffice', LOG_LEVEL: 'info' };
      const on = await startServiceProcess(main, { ...env, CONSOLE_PORT: '0' }, (child) => children.push(child));
      const consolePort = await consolePortOf(on);
      const login = await fetch(`http://127.0.0.1:${consolePort}/login`);
      expect(login.status).toBe(200);
      expect(login.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const off = await startServiceProcess(main, { ...env, CONSOLE_PORT: 'off' }, (child) => children.push(child));
      expect((await fetch(`http://127.0.0.1:${off.port}/v1/health`)).status).toBe(200);
      expect(off.output()).not.toContain('console listening');
    } finally {
      await Promise.all(children.map((child) => stopForGood(child)));
      await db.drop();
    }
  }, 120_000);
});

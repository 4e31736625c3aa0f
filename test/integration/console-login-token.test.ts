import type { ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { ServerSecrets } from '../../src/services/access';
import { createConsoleTest, csrfOf, type ConsoleTest } from '../support/console-client';
import { ensureFreshBuild } from '../support/fresh-build';
import { listen } from '../support/raw-http';
import { consolePortOf, startServiceProcess, stopForGood } from '../support/service-process';
import { tableChecksums } from '../support/table-checksums';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

const EMAIL = 'admin@ficha.hn';

/** The login page of the console at `url`: its pre-session cookie and the token of its form. */
async function loginPage(url: string): Promise<{ cookie: string; nonce: string; token: string }> {
  const page = await fetch(`${url}/login`);
  expect(page.status).toBe(200);
  const cookie = page.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('console_login='))!;
  return { cookie, nonce: cookie.slice('console_login='.length), token: csrfOf(await page.text()) };
}

/** POST /login to the console at `url` with that cookie and token: 303 signed in, 403 token refused. */
async function signIn(url: string, { cookie, token }: { cookie: string; token: string }, password: string) {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ _csrf: token, email: EMAIL, password }).toString(),
  });
  return { status: res.status, text: await res.text(), setCookie: res.headers.getSetCookie() };
}

/**
 * The login form's token is an HMAC of the pre-session cookie under the server's secret key, kept
 * in the database (decision 68): knowing the cookie is not enough to make it, and every instance,
 * however many start at once, checks the tokens of every other.
 */
describe("the console login form's token", () => {
  let t: TestApp;
  let inProcess: ConsoleTest;
  let inProcessServer: { port: number; close(): Promise<void> };
  const children: ChildProcess[] = [];
  /** The consoles of two service processes started together on a new database, then one in this process. */
  let urls: string[];
  let password: string;

  beforeAll(async () => {
    const script = ensureFreshBuild('dist/src/main.js');
    // A database no instance has started on yet: no secret in it.
    t = await createTestApp();
    const env = { DATABASE_URL: t.config.databaseUrl, PORT: '0', LOG_LEVEL: 'info', SOFFICE_PATH: '/nonexistent/soffice' };
    const services = await Promise.all([0, 1].map(() => startServiceProcess(script, env, (child) => children.push(child))));
    inProcess = await createConsoleTest({ databaseName: t.db.name });
    inProcessServer = await listen(inProcess.app);
    urls = [
      ...(await Promise.all(services.map(async (service) => `http://127.0.0.1:${await consolePortOf(service)}`))),
      `http://127.0.0.1:${inProcessServer.port}`,
    ];
    password = await inProcess.addOperator(EMAIL, 'admin');
  }, 120_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    await inProcessServer?.close();
    await inProcess?.close();
    await t?.close();
  }, 60_000);

  it('refuses a token made from the cookie alone (its unkeyed hash, as before) or under another key: 403, and nothing changes', async () => {
    const [url] = urls;
    const page = await loginPage(url);
    const before = await tableChecksums(t.orm);
    const forged = [
      createHash('sha256').update(`console-login:${page.nonce}`, 'utf8').digest('base64url'),
      createHmac('sha256', randomBytes(32)).update(`console-login\0${page.nonce}`, 'utf8').digest('base64url'),
    ];
    for (const token of forged) {
      const res = await signIn(url, { cookie: page.cookie, token }, password);
      expect(res.status).toBe(403);
      expect(res.text).toContain('CSRF_TOKEN_INVALID');
      expect(res.setCookie.some((header) => header.startsWith('console_session='))).toBe(false);
    }
    expect(await tableChecksums(t.orm)).toBe(before);
    // The page's own token, with the same cookie, is what signs in.
    expect((await signIn(url, page, password)).status).toBe(303);
  });

  it("signs in on any instance with another instance's login page", async () => {
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [2, 0],
    ]) {
      const res = await signIn(urls[to], await loginPage(urls[from]), password);
      expect({ from, to, status: res.status }).toEqual({ from, to, status: 303 });
      expect(res.setCookie.some((header) => header.startsWith('console_session='))).toBe(true);
    }
  });

  it('keeps one secret, written by one of the instances that started together', async () => {
    const rows = await t.orm.em.fork().getConnection().execute<{ name: string }[]>('SELECT name FROM server_secrets');
    expect(rows).toEqual([{ name: 'mac-key' }]);
  });

  it('draws the secret once when many instances start at the same moment on a new database', async () => {
    const db = await createTestDatabase();
    try {
      const instances = Array.from({ length: 8 }, () => new ServerSecrets(db.orm.em));
      await Promise.all(instances.map((secrets) => secrets.load()));
      const macs = new Set(instances.map((secrets) => secrets.mac('console-login', 'the same cookie')));
      expect(macs.size).toBe(1);
      const rows = await db.orm.em.fork().getConnection().execute<{ secret: string }[]>('SELECT secret FROM server_secrets');
      expect(rows).toHaveLength(1);
      expect(rows[0].secret).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await db.drop();
    }
  });
});

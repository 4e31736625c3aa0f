import os from 'node:os';
import type { Response } from 'supertest';
import { SIGN_IN_LOCK_MS } from '../../src/domain/console-session-rules';
import { runAdminProcess } from '../support/admin-process';
import { createConsoleTest, type ConsoleClient, type ConsoleTest } from '../support/console-client';
import { runAdmin, runAdminFailure } from '../support/run-admin';

const MINUTE = 60_000;

/** The code a refused sign-in page shows. */
function codeOf(res: Response): string | undefined {
  return /<code>([A-Z_]+)<\/code>/.exec(res.text)?.[1];
}

/**
 * Sign-in throttling behind a proxy (TRUST_PROXY=true: the client address is X-Forwarded-For's
 * last entry): failures counted per (e-mail, address) and per e-mail, atomically, so that an
 * attacker can neither try more than the limit nor lock an operator out of every address
 * without reaching the ceiling; what lifts a refusal; what the trail keeps of a failure.
 */
describe('console sign-in throttling', () => {
  let c: ConsoleTest;
  const sql = async <T>(query: string, params: unknown[] = []) => (await c.t.orm.em.fork().getConnection().execute(query, params)) as T;
  const failuresInTrail = async (target: string) =>
    Number(
      (await sql<{ n: number }[]>("select count(*) as n from activity where action = 'sign-in-failed' and target = ?", [target]))[0].n,
    );

  beforeAll(async () => {
    c = await createConsoleTest({ env: { TRUST_PROXY: 'true' } });
  }, 120_000);
  afterAll(() => c.close());

  /** A browser at `address` that has read the login page (its pre-session cookie and token). */
  async function browserAt(address: string): Promise<ConsoleClient> {
    const browser = c.client(address);
    await browser.get('/login');
    return browser;
  }

  const attempt = async (address: string, email: string, password: string) =>
    (await browserAt(address)).post('/login', { email, password });
  const statusOf = async (address: string, email: string, password: string) => (await attempt(address, email, password)).status;

  it('checks at most five of 30 concurrent wrong passwords for one e-mail from one address; the right one then is refused', async () => {
    const password = await c.addOperator('burst@example.hn', 'admin');
    const browsers = await Promise.all(Array.from({ length: 30 }, () => browserAt('198.51.100.7')));
    const answers = await Promise.all(
      browsers.map((b, i) => b.post('/login', { email: 'burst@example.hn', password: `wrong guess ${i}` })),
    );
    const codes = answers.map(codeOf);
    // A password is checked only when its answer is SIGN_IN_FAILED, and each check leaves one row in the trail.
    expect(codes.filter((code) => code === 'SIGN_IN_FAILED')).toHaveLength(5);
    expect(codes.filter((code) => code === 'SIGN_IN_LOCKED')).toHaveLength(25);
    expect(await failuresInTrail('burst@example.hn')).toBe(5);
    const right = await attempt('198.51.100.7', 'burst@example.hn', password);
    expect({ status: right.status, code: codeOf(right) }).toEqual({ status: 429, code: 'SIGN_IN_LOCKED' });
    expect(await failuresInTrail('burst@example.hn')).toBe(5);
  });

  it('refuses only the address that failed: another address signs in meanwhile, and the first again after 15 minutes', async () => {
    const password = await c.addOperator('two-places@example.hn', 'admin');
    for (let i = 0; i < 5; i++) expect(await statusOf('203.0.113.10', 'two-places@example.hn', 'not the password')).toBe(401);
    expect(await statusOf('203.0.113.10', 'two-places@example.hn', password)).toBe(429);
    expect(await statusOf('203.0.113.11', 'two-places@example.hn', password)).toBe(303);
    // The proxy's entry is the last one: whatever a caller writes before it changes nothing.
    const spoofing = c.client('192.0.2.99, 203.0.113.10');
    await spoofing.get('/login');
    expect((await spoofing.post('/login', { email: 'two-places@example.hn', password })).status).toBe(429);
    c.advance(SIGN_IN_LOCK_MS - MINUTE);
    expect(await statusOf('203.0.113.10', 'two-places@example.hn', password)).toBe(429);
    c.advance(MINUTE);
    expect(await statusOf('203.0.113.10', 'two-places@example.hn', password)).toBe(303);
  });

  it('refuses an e-mail on every address after 50 failures from all of them, known or not, with the same page', async () => {
    const password = await c.addOperator('many@example.hn', 'admin');
    const failFrom = (email: string, first: number, addresses: number, each: number) =>
      Promise.all(
        Array.from({ length: addresses }, async (_, a) => {
          for (let i = 0; i < each; i++) expect(await statusOf(`10.0.${first + a}.1`, email, 'not the password')).toBe(401);
        }),
      );
    // 49 failures: 9 addresses refused, none other.
    await Promise.all([failFrom('many@example.hn', 0, 9, 5), failFrom('ghost@example.hn', 0, 9, 5)]);
    await Promise.all([failFrom('many@example.hn', 9, 1, 4), failFrom('ghost@example.hn', 9, 1, 4)]);
    expect(await statusOf('10.0.50.1', 'many@example.hn', password)).toBe(303);
    // The 50th, from yet another address.
    await Promise.all([failFrom('many@example.hn', 10, 1, 1), failFrom('ghost@example.hn', 10, 1, 1)]);
    const browser = await browserAt('10.0.51.1');
    const known = await browser.post('/login', { email: 'many@example.hn', password });
    const unknown = await browser.post('/login', { email: 'ghost@example.hn', password });
    expect({ status: known.status, code: codeOf(known), retryAfter: known.headers['retry-after'] }).toEqual({
      status: 429,
      code: 'SIGN_IN_LOCKED',
      retryAfter: String(SIGN_IN_LOCK_MS / 1000),
    });
    // The same page but for the e-mail as typed, which the form keeps.
    expect(unknown.text.replace('ghost@example.hn', 'E')).toBe(known.text.replace('many@example.hn', 'E'));
    expect(unknown.headers['retry-after']).toBe(known.headers['retry-after']);
    c.advance(SIGN_IN_LOCK_MS);
    expect(await statusOf('10.0.51.1', 'many@example.hn', password)).toBe(303);
  }, 120_000);

  it('admin operator unlock, as a real CLI process, lifts the refusal on every address and is recorded', async () => {
    const password = await c.addOperator('unlock-me@example.hn', 'admin');
    for (const address of ['192.0.2.1', '192.0.2.2'])
      for (let i = 0; i < 5; i++) expect(await statusOf(address, 'unlock-me@example.hn', 'not the password')).toBe(401);
    expect(await statusOf('192.0.2.1', 'unlock-me@example.hn', password)).toBe(429);

    const run = await runAdminProcess(c.t.config.databaseUrl, ['operator', 'unlock', '--email', 'Unlock-Me@example.hn']);
    expect({ code: run.code, stdout: run.stdout.toString(), stderr: run.stderr }).toEqual({
      code: 0,
      stdout: 'unlocked unlock-me@example.hn: 10 failed sign-ins cleared\n',
      stderr: '',
    });
    const [row] = await sql<Array<{ actor: string; target: string; details: string }>>(
      "select actor, target, details from activity where action = 'operator-unlocked' order by id desc limit 1",
    );
    expect({ ...row, details: JSON.parse(row.details) as unknown }).toEqual({
      actor: `cli:${os.userInfo().username}`,
      target: 'unlock-me@example.hn',
      details: { cleared: 10 },
    });
    expect(await statusOf('192.0.2.2', 'unlock-me@example.hn', password)).toBe(303);
    expect(await statusOf('192.0.2.1', 'unlock-me@example.hn', password)).toBe(303);
  }, 120_000);

  it('admin operator unlock refuses an e-mail no operator has with one line and exit 1, and changes nothing', async () => {
    for (let i = 0; i < 5; i++) expect(await statusOf('192.0.2.3', 'nobody-here@example.hn', 'whatever it is')).toBe(401);
    const rowsBefore = await sql<unknown[]>('select id from activity');
    const run = await runAdminProcess(c.t.config.databaseUrl, ['operator', 'unlock', '--email', 'nobody-here@example.hn']);
    expect({ code: run.code, stdout: run.stdout.toString(), stderr: run.stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: no console operator has the e-mail nobody-here@example.hn\n',
    });
    const refused = await runAdminFailure(c.t.config.databaseUrl, ['operator', 'unlock', '--email', 'nobody-here@example.hn']);
    expect(refused.error).toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    expect(await sql<unknown[]>('select id from activity')).toEqual(rowsBefore);
    expect(await statusOf('192.0.2.3', 'nobody-here@example.hn', 'whatever it is')).toBe(429);
  }, 120_000);

  it('admin operator reset-password clears the failures too: the new password signs in from the refused address', async () => {
    await c.addOperator('forgetful@example.hn', 'admin');
    for (let i = 0; i < 5; i++) expect(await statusOf('192.0.2.4', 'forgetful@example.hn', 'what was it again')).toBe(401);
    const reset = await runAdmin(c.t.config.databaseUrl, ['operator', 'reset-password', '--email', 'forgetful@example.hn']);
    expect(reset.code).toBe(0);
    expect(await statusOf('192.0.2.4', 'forgetful@example.hn', reset.stdout.trim())).toBe(303);
  });

  it('records a failure under the e-mail only when an operator has it; otherwise under unknown with the address, never what was typed', async () => {
    await c.addOperator('typist@example.hn', 'admin');
    const typed = 'Tr0ub4dor&3 typed in the e-mail field';
    expect(await statusOf('192.0.2.5', typed, typed)).toBe(401);
    expect(await statusOf('192.0.2.6', 'typist@example.hn', 'a wrong password')).toBe(401);

    const holding = await sql<unknown[]>('select id from activity where instr(concat(actor, target, details), ?) > 0', ['Tr0ub4dor']);
    expect(holding).toEqual([]);
    const rows = await sql<Array<{ actor: string; target: string; details: string }>>(
      "select actor, target, details from activity where action = 'sign-in-failed' and json_unquote(json_extract(details, '$.address')) in (?, ?) order by id",
      ['192.0.2.5', '192.0.2.6'],
    );
    expect(rows.map((r) => ({ ...r, details: JSON.parse(r.details) as unknown }))).toEqual([
      { actor: 'unknown', target: 'unknown', details: { address: '192.0.2.5' } },
      { actor: 'typist@example.hn', target: 'typist@example.hn', details: { address: '192.0.2.6' } },
    ]);
    // Nor what an administrator reads.
    const admin = c.client('192.0.2.7');
    const password = await c.addOperator('reader@example.hn', 'admin');
    expect((await admin.signIn('reader@example.hn', password)).status).toBe(303);
    const page = await admin.get('/activity');
    expect(page.text).toContain('192.0.2.5');
    expect(page.text).not.toContain('Tr0ub4dor');
    const json = await runAdmin(c.t.config.databaseUrl, ['activity', '--json']);
    expect(json.stdout).not.toContain('Tr0ub4dor');
  });
});

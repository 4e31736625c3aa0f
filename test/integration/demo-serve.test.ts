import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { runAdminProcess } from '../support/admin-process';
import { ensureFreshBuild, REPO_ROOT } from '../support/fresh-build';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const CURL_LINE = /curl -s -H "Authorization: Bearer (hninv_[A-Za-z0-9_-]+)" (http:\/\/localhost:\d+\/v1\/clients)/;
const PREVIEW_LINE = /-d '(\{.*\})' (http:\/\/localhost:\d+\/v1\/invoices\/preview)/;
const ISSUE_LINE = /-H "Idempotency-Key: ([^"]+)" -d '(\{.*\})' (http:\/\/localhost:\d+\/v1\/invoices)\n/;
const CREDIT_LINE = /npm run --silent admin -- (note credit .*) {3}\(ID: /;

/** The words of a command line as a shell splits them (double quotes only, as the banner writes them). */
const shellWords = (line: string): string[] => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);

describe('npm run demo (dist/src/cli/demo-serve.js)', () => {
  let db: TestDatabase;
  let script: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    script = ensureFreshBuild('dist/src/cli/demo-serve.js');
    db = await createTestDatabase();
  });

  afterAll(async () => {
    if (child) await stopForGood(child);
    await db.drop();
  });

  it('sets up the demo, serves, prints working curl lines after "service listening", and exits 0 on SIGTERM', async () => {
    child = spawn(process.execPath, [script], {
      cwd: REPO_ROOT,
      // A start limit for LibreOffice that a machine busy with other tests still meets (the larger of 30 s and PDF_TIMEOUT_MS).
      env: {
        ...process.env,
        DATABASE_URL: db.config.databaseUrl,
        PORT: '0',
        CONSOLE_PORT: '0',
        LOG_LEVEL: 'info',
        PDF_TIMEOUT_MS: '90000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));

    const stdout = await readUntil(child, /Stop with Ctrl\+C\.\n/, 150_000, () => stderr);
    const [, key, url] = CURL_LINE.exec(stdout)!;
    expect(stdout.indexOf('"msg":"service listening"')).toBeGreaterThanOrEqual(0);
    expect(stdout.indexOf('"msg":"service listening"')).toBeLessThan(stdout.indexOf('curl -s'));

    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: number }).count).toBeGreaterThan(0);

    const [, body, previewUrl] = PREVIEW_LINE.exec(stdout)!;
    const preview = await fetch(previewUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(preview.status).toBe(200);

    // The sale issued as the banner shows, then credited with its `admin note credit` line.
    const [, idempotencyKey, saleBody, issueUrl] = ISSUE_LINE.exec(stdout)!;
    const sale = await fetch(issueUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: saleBody,
    });
    expect(sale.status).toBe(201);
    const { id, fiscalNumber } = (await sale.json()) as { id: number; fiscalNumber: string };
    const credit = shellWords(CREDIT_LINE.exec(stdout)![1]).map((word) => (word === 'ID' ? String(id) : word));
    const run = await runAdminProcess(db.config.databaseUrl, credit);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.toString('utf8')).toMatch(
      new RegExp(`^issued credit note 000-001-06-00000001 \\(id \\d+\\) for invoice ${fiscalNumber}: total L \\d+\\.\\d{2}\n$`),
    );

    // The console's address and its administrator, whose password signs in.
    const consoleUrl = /^Operator console: +(http:\/\/localhost:\d+)\/$/m.exec(stdout)![1];
    const email = /^Console administrator e-mail: +(\S+)$/m.exec(stdout)![1];
    const password = /^Console administrator password: +(\S+)$/m.exec(stdout)![1];
    const login = await fetch(`${consoleUrl}/login`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await login.text())![1];
    const signIn = await fetch(`${consoleUrl}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/');

    child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  }, 180_000);
});

/** Collects the child's stdout until `pattern` appears; fails with what it has on exit or timeout. */
function readUntil(child: ChildProcess, pattern: RegExp, timeoutMs: number, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const fail = (why: string) => reject(new Error(`${why}\n--- stdout ---\n${text}\n--- stderr ---\n${stderr()}`));
    const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs} ms`), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(`demo-serve exited with code ${code} before printing the curl line`);
    });
  });
}

/**
 * Never leaves a server behind, whatever the test did: SIGTERM first, so the service also stops
 * its LibreOffice (a SIGKILL would orphan soffice.bin), then SIGKILL if it has not exited.
 */
async function stopForGood(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

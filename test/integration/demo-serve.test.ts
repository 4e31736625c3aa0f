import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminProcess } from '../support/admin-process';
import { parsedMail } from '../support/smtp-sink';
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
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-outbox-'));

  beforeAll(async () => {
    script = ensureFreshBuild('dist/src/cli/demo-serve.js');
    db = await createTestDatabase();
  });

  afterAll(async () => {
    if (child) await stopForGood(child);
    await db.drop();
    fs.rmSync(outbox, { recursive: true, force: true });
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
        MAIL_OUTBOX_DIR: outbox,
        SMTP_URL: '',
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

    // Delivery is on for the demo company: a sale to a client is written as a readable .eml where the banner says.
    expect(stdout).toContain(`E-mails to clients: written as .eml files into ${outbox}`);
    const clients = (await (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
      clients: { id: number; email: string }[];
    };
    const hotel = clients.clients.find((c) => c.email === 'contabilidad@plazamorazan.hn')!;
    const mailed = await fetch(issueUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'demo-mailed' },
      body: JSON.stringify({ ...(JSON.parse(saleBody) as object), clientId: hotel.id }),
    });
    expect(mailed.status).toBe(201);
    const mailedNumber = ((await mailed.json()) as { fiscalNumber: string }).fiscalNumber;
    for (let waited = 0; fs.readdirSync(outbox).length === 0 && waited < 30_000; waited += 200)
      await new Promise((r) => setTimeout(r, 200));
    const [file] = fs.readdirSync(outbox);
    const eml = parsedMail(fs.readFileSync(path.join(outbox, file), 'latin1'), []);
    expect(eml.header('To')).toBe('contabilidad@plazamorazan.hn');
    expect(eml.header('Subject')).toBe(`Factura ${mailedNumber} de Comercial Los Pinos S. de R.L. de C.V.`);
    expect(eml.attachment('application/pdf')!.content.subarray(0, 5).toString()).toBe('%PDF-');

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

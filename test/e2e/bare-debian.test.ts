import { ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { SERVER_URL } from '../support/test-database';

/**
 * The README's commands on a bare Debian 12 (debootstrap minbase, Node 20 copied in, no LibreOffice,
 * no poppler): `npm ci && npm run demo` serves a demo whose preview has a PDF, and
 * `npm test -- <a PDF test>` passes, with nothing done by hand in between. The database is this
 * machine's MariaDB over TCP.
 *
 * The slowest test of the project, about 7 minutes on 2 shared cores (debootstrap 1 to 4 of them
 * the first time; then its copy is cached), apt installing LibreOffice and Chromium, npm ci
 * compiling: it runs only when E2E_BARE_DEBIAN=1, as CI sets it, beside the suite's first phase. Needs root,
 * debootstrap and the machine's Debian mirror and npm registry.
 */
const SCRIPT = path.resolve(__dirname, 'bare-debian.sh');
const PDF_TEST = 'test/integration/invoice-pdf.test.ts';
const MINUTE = 60_000;
const run = promisify(execFile);

const describeSlow = process.env.E2E_BARE_DEBIAN === '1' ? describe : describe.skip;

/** Where the minutes went, in CI's log: the phase's seconds and the check's own timed lines. */
function report(phase: string, startedMs: number, output = ''): void {
  const setupLines = output.split('\n').filter((line) => line.startsWith('setup: '));
  process.stdout.write(
    [`bare Debian 12: ${phase}: ${Math.round((Date.now() - startedMs) / 1000)}s`, ...setupLines.map((l) => `  ${l}`), ''].join('\n'),
  );
}

describeSlow('[slow] a bare Debian 12 with Node 20: the README commands, nothing else', () => {
  const dir = path.join(os.tmpdir(), `bare-debian-${process.pid}`);
  const database = `invoicing_e2e_test_${process.pid}`;

  beforeAll(async () => {
    const started = Date.now();
    await run('bash', [SCRIPT, 'build', dir], { timeout: 10 * MINUTE });
    report('debootstrap (or its cached copy), Node, npm and the project copied in', started);
  }, 10 * MINUTE);

  afterAll(async () => {
    await run('bash', [SCRIPT, 'destroy', dir]).catch((err: Error) => console.error(err.message));
    const admin = await mysql.createConnection(SERVER_URL);
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }, 2 * MINUTE);

  it(
    'npm ci && npm run demo installs what the demo lacks, then serves a demo whose preview carries a PDF',
    async () => {
      const started = Date.now();
      const port = await freePort();
      const demo = spawn('bash', [SCRIPT, 'run', dir, 'npm ci && npm run demo'], {
        env: { ...process.env, DATABASE_URL: `${SERVER_URL}/${database}`, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const output = await outputUntil(demo, /^API key: (hninv_\S+)$/m, 12 * MINUTE);
        report('npm ci && npm run demo, until the banner', started, output);
        expect(output).toMatch(
          /^setup: apt-get install --no-install-recommends libreoffice-writer-nogui python3-uno fonts-liberation2 \.\.\. \d+(\.\d)?s$/m,
        );
        const key = /^API key: (hninv_\S+)$/m.exec(output)![1];
        const res = await fetch(`http://127.0.0.1:${port}/v1/invoices/preview`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ items: [{ externalProductId: 'SKU-CAFE', quantity: 2 }] }),
        });
        expect(res.status).toBe(200);
        const { pdfBase64 } = (await res.json()) as { pdfBase64: string | null };
        expect(
          Buffer.from(pdfBase64 ?? '', 'base64')
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      } finally {
        if (demo.exitCode === null && demo.signalCode === null) {
          const exited = once(demo, 'exit');
          demo.kill('SIGTERM');
          await exited;
        }
      }
    },
    14 * MINUTE,
  );

  it(
    `npm test -- ${PDF_TEST} installs what the tests add, then passes`,
    async () => {
      const started = Date.now();
      const { stdout, stderr } = await run('bash', [SCRIPT, 'run', dir, `npm test -- ${PDF_TEST}`], {
        timeout: 12 * MINUTE,
        maxBuffer: 64 * 1024 * 1024,
      }).catch((err: Error & { stdout?: string; stderr?: string }) => {
        throw new Error(`${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
      });
      report(`npm test -- ${PDF_TEST}`, started, stdout);
      expect(stdout).toMatch(/^setup: apt-get install --no-install-recommends poppler-utils chromium faketime \.\.\. \d+(\.\d)?s$/m);
      expect(stdout + stderr).toMatch(/^Tests: +\d+ passed, \d+ total$/m);
    },
    12 * MINUTE,
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** The child's stdout and stderr until `pattern` shows on stdout; fails with all of it on exit or timeout. */
function outputUntil(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let all = '';
    const fail = (why: string) => reject(new Error(`${why}\n${all}`));
    const timer = setTimeout(() => fail(`no line matching ${pattern} within ${timeoutMs / 1000}s`), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => (all += chunk.toString('utf8')));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      all += chunk.toString('utf8');
      if (pattern.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(`exited with code ${code} first`);
    });
  });
}

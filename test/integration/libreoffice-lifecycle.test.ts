import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeFilesOf } from '../../src/pdf/libreoffice-pipes';
import { prepareWorkDir } from '../../src/pdf/work-dir';
import { ensureFreshBuild } from '../support/fresh-build';
import { argumentsOf, commandLine, descendantsOf, isAlive } from '../support/process-tree';
import { requestJson, startServiceProcess, stopForGood } from '../support/service-process';
import { setUpCompany } from '../support/setup-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** Where a service started with the default settings keeps its LibreOffice work dirs. */
const SERVICE_PDF_DIR = path.join(os.tmpdir(), 'invoicing-service-pdf');

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

describe('LibreOffice does not outlive its service', () => {
  let t: TestApp;
  let acme: { auth: { Authorization: string } };
  const children: ChildProcess[] = [];
  /** Every process the test saw under a service it started: killed at the end if still there. */
  const seen = new Set<number>();

  beforeAll(async () => {
    t = await createTestApp();
    acme = await setUpCompany(t);
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => stopForGood(child)));
    for (const pid of seen) killQuietly(pid);
    await t.close();
  });

  const startService = () =>
    startServiceProcess(
      ensureFreshBuild('dist/src/main.js'),
      { DATABASE_URL: t.config.databaseUrl, PORT: '0', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0' },
      (child) => children.push(child),
      120_000,
    );

  it('a SIGKILLed service takes its LibreOffice with it, mid-render, and its successor clears its work dir', async () => {
    const service = await startService();
    expect(service.output()).toContain('PDF rendering ready (LibreOffice)');
    const pid = service.child.pid!;
    const descendants = descendantsOf(pid);
    descendants.forEach((p) => seen.add(p));
    const commands = descendants.map(commandLine);
    expect(commands.some((c) => c.includes('soffice.bin'))).toBe(true);
    const pipes = descendants.flatMap((p) => pipeFilesOf(argumentsOf(p)));
    expect(pipes.length).toBeGreaterThan(0);
    expect(commands.some((c) => c.includes('converter.py'))).toBe(true);
    expect(fs.existsSync(path.join(SERVICE_PDF_DIR, `p${pid}`))).toBe(true);

    const sale = { items: [{ externalProductId: 'SKU-P-1', quantity: 2 }] };
    const issued = await requestJson(
      service.port,
      'POST',
      '/v1/invoices',
      { ...acme.auth, 'Idempotency-Key': 'lifecycle-1' },
      sale,
      60_000,
    );
    expect(issued.status).toBe(201);
    // Several renders at once; once the first is answered the others are converting or queued.
    const renders = Array.from({ length: 6 }, () =>
      requestJson(service.port, 'GET', `/v1/invoices/${issued.body.id}/pdf`, acme.auth, undefined, 60_000).catch((error: Error) => error),
    );
    await Promise.race(renders);
    service.child.kill('SIGKILL');
    await service.exited;
    await Promise.all(renders);

    const survivors = () => descendants.filter(isAlive);
    const allGone = await waitUntil(() => survivors().length === 0, 5_000);
    expect({ allGone, survivors: survivors().map((p) => `${p} ${commandLine(p)}`) }).toEqual({ allGone: true, survivors: [] });

    // The next instance removes what the dead one left in the shared work directory, and the
    // pipe files its LibreOffice left in the pipe directory.
    const successor = await startService();
    expect(fs.existsSync(path.join(SERVICE_PDF_DIR, `p${pid}`))).toBe(false);
    expect(pipes.filter((pipe) => fs.existsSync(pipe))).toEqual([]);
    descendantsOf(successor.child.pid!).forEach((p) => seen.add(p));
    await stopForGood(successor.child);
  });

  it("kills, at start-up, LibreOffice processes still running on a dead instance's profile, and removes its pipe files", async () => {
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
    const fakePipes: string[] = [];
    try {
      // A pid that certainly belongs to no live process: one that has just exited.
      const gone = spawn(process.execPath, ['-e', '']);
      await once(gone, 'exit');
      const deadDir = path.join(tempDir, `p${gone.pid}`);
      fs.mkdirSync(deadDir);
      // Stands in for a soffice.bin left by that instance: the same profile argument, and asleep.
      const leftover = spawn(
        process.execPath,
        ['-e', 'setTimeout(() => {}, 60000)', '--', `-env:UserInstallation=file://${deadDir}/_office_1`],
        { stdio: 'ignore' },
      );
      seen.add(leftover.pid!);
      const bystander = spawn(
        process.execPath,
        ['-e', 'setTimeout(() => {}, 60000)', '--', `-env:UserInstallation=file://${tempDir}/p${process.pid}x/_office_1`],
        { stdio: 'ignore' },
      );
      seen.add(bystander.pid!);
      await waitUntil(
        () => commandLine(leftover.pid!).includes('UserInstallation') && commandLine(bystander.pid!).includes('UserInstallation'),
        5_000,
      );

      // The pipe files a LibreOffice of each would have made: the dead instance's go, the live one's stay.
      const deadPipes = pipeFilesOf([
        `--accept=pipe,name=_carbone_c_1_${gone.pid}_0;urp;`,
        `-env:UserInstallation=file://${deadDir}/_office_1`,
      ]);
      const livePipes = pipeFilesOf([`--accept=pipe,name=_carbone_c_1_${bystander.pid}_0;urp;`]);
      fs.mkdirSync(path.join(deadDir, '_office_1'));
      fakePipes.push(...deadPipes, ...livePipes);
      for (const pipe of fakePipes) fs.writeFileSync(pipe, '');

      const exited = once(leftover, 'exit');
      prepareWorkDir(tempDir);
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');
      expect(fs.existsSync(deadDir)).toBe(false);
      expect(deadPipes.filter((pipe) => fs.existsSync(pipe))).toEqual([]);
      expect(livePipes.filter((pipe) => fs.existsSync(pipe))).toEqual(livePipes);
      expect(isAlive(bystander.pid!)).toBe(true); // not a dead instance's: left alone
      killQuietly(bystander.pid!);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
      for (const pipe of fakePipes) fs.rmSync(pipe, { force: true });
    }
  });
});

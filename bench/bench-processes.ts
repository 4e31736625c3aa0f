import { ChildProcess, spawn } from 'node:child_process';
import { descendantsOf } from '../test/support/process-tree';
import { stopForGood } from '../test/support/service-process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The repository root, whether the bench runs compiled (dist/bench) or from bench/. */
export const REPO_ROOT = path.resolve(__dirname, path.basename(path.dirname(__dirname)) === 'dist' ? '../..' : '..');

export interface BenchChild {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

/** Starts a compiled floor script that prints {"port":N} on its first stdout line once ready. */
export function startFloor(script: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<BenchChild> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'bench', 'floors', script)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${script}: not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = text.split('\n')[0];
      if (text.includes('\n')) {
        clearTimeout(timer);
        child.stdout!.resume();
        resolve({ child, port: (JSON.parse(line) as { port: number }).port, stop: () => stopForGood(child) });
      }
    });
  });
}

/** A port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The compiled service (`node dist/src/main.js`) as it runs in production, with `env` over the
 * current environment. Its JSON log goes to /dev/null: reading it here would take CPU from the
 * measurement. Ready when GET /v1/health answers 200.
 */
export async function startService(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<BenchChild> {
  const port = await freePort();
  const devNull = fs.openSync('/dev/null', 'w');
  // e.g. BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the service.
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, path.join(REPO_ROOT, 'dist', 'src', 'main.js')], {
    cwd: REPO_ROOT,
    // The benchmarks measure the API; a console would only claim a port (3001 by default).
    env: { ...process.env, CONSOLE_PORT: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', devNull, 'inherit'],
  });
  fs.closeSync(devNull);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} during start-up`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.status === 200) return { child, port, stop: () => stopForGood(child) };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopForGood(child);
      throw new Error(`the service did not answer /v1/health within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Process ids of `pid` and every descendant (LibreOffice and its python helper for the service). */
export function processTree(pid: number): number[] {
  return [pid, ...descendantsOf(pid)];
}

export interface TreeRss {
  rssMiB: number;
  processes: number;
  /** MiB per process, named by command (node, soffice.bin, python3...), largest first. */
  byProcess: string;
}

/** Resident memory of a process tree in MiB (sum of VmRSS; shared pages count once per process). */
export function treeRssMiB(pid: number): TreeRss {
  const mib = (kib: number) => Math.round(kib / 102.4) / 10;
  const each: Array<{ name: string; kib: number }> = [];
  for (const p of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      each.push({ name: /Name:\s+(\S+)/.exec(status)?.[1] ?? String(p), kib: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) });
    } catch {
      // ended meanwhile
    }
  }
  each.sort((a, b) => b.kib - a.kib);
  return {
    rssMiB: mib(each.reduce((n, e) => n + e.kib, 0)),
    processes: each.length,
    byProcess: each.map((e) => `${e.name} ${mib(e.kib)}`).join(', '),
  };
}

/** CPU time a process has used so far, in ms (clock ticks of 10 ms): in user space and in the kernel. */
export function processCpuMs(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { REPO_ROOT } from './fresh-build';

/** A compiled service (`node dist/src/main.js`) running as a child process. */
export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote so far (JSON log lines on stdout, then stderr). */
  output(): string;
  /** Resolves with how it ended; set up at spawn, so an early exit is never missed. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * Starts `script` with `env` over the current environment and resolves once its
 * {"msg":"service listening","port":N} line appears, with that port. Output is always drained,
 * so a chatty child never blocks on a full pipe. `started` receives the child at once, so the
 * caller can stop it even when start-up fails.
 */
export function startServiceProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  started: (child: ChildProcess) => void,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  // CONSOLE_PORT 0: instances started side by side would all claim the console's default port.
  // One LibreOffice unless the environment or the test asks for more (the default is one per core):
  // each start costs seconds of CPU on a machine two test files share.
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { PDF_FACTORIES: '1', ...process.env, CONSOLE_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started(child);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const output = () => `${stdout}\n--- stderr ---\n${stderr}`;
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`no "service listening" line within ${timeoutMs} ms\n${output()}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stdout += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const port = listeningPort(line);
        if (port !== undefined) {
          clearTimeout(timer);
          resolve({ child, port, output, exited });
        }
      }
    });
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with code ${code} before listening\n${output()}`));
    });
  });
}

/**
 * The console's port, from its "console listening" line, which the service writes just after the
 * "service listening" line startServiceProcess waits for (possibly in a later write).
 */
export async function consolePortOf(service: ServiceProcess, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = /"port":(\d+),"msg":"console listening"/.exec(service.output())?.[1];
    if (port !== undefined) return Number(port);
    if (Date.now() > deadline) throw new Error(`no "console listening" line within ${timeoutMs} ms\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function listeningPort(line: string): number | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: string; port?: number };
    return entry.msg === 'service listening' && typeof entry.port === 'number' ? entry.port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Never leaves a process behind: SIGTERM first, so the service also stops its LibreOffice
 * (a SIGKILL would orphan soffice.bin), then SIGKILL if it has not exited in time.
 */
export async function stopForGood(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface JsonResponse {
  status: number;
  body: any;
  headers?: http.IncomingHttpHeaders;
}

/**
 * One JSON request over loopback on a connection of its own (no keep-alive, so no request can
 * meet a connection the server is closing), with a hard timeout.
 */
export function requestJson(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<JsonResponse> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        timeout: timeoutMs,
        headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers });
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} on port ${port}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `jobs` with at most `limit` of them in flight at once. */
export async function inBatches<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface TimedResponse {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** One kept-alive connection, as a client sending one request after another would use. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs JSON to 127.0.0.1 and times it from the first byte sent to the last byte received. */
export function postJson(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = 30_000,
): Promise<TimedResponse> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
              ms,
            });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export function closeClient(): void {
  agent.destroy();
}

export interface RawResponse {
  status: number;
  body: Buffer;
  ms: number;
}

/** GETs `url` on the same kept-alive connection and times it to the last byte. */
export function getRaw(url: string, headers: Record<string, string>, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, timeout: timeoutMs, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

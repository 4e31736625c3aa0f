import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json(): any;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

/** The app on a real loopback port, for requests whose bytes and headers a test controls exactly. */
export async function listen(app: Koa): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends exactly the given method, path, headers and body bytes (no serialisation, no added
 * Content-Type), so hostile content types, charsets and invalid UTF-8 reach the service as sent.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  const headers = body === undefined ? request.headers : { 'Content-Length': String(body.length), ...request.headers };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          json: () => {
            try {
              return JSON.parse(text);
            } catch {
              return undefined;
            }
          },
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${request.method} ${request.path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

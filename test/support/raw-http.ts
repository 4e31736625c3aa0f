import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { createHttpServer } from '../../src/http/http-server';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes (a PDF, say), and the same as UTF-8 text. */
  body: Buffer;
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

/**
 * The app on a real loopback port, served as the service serves it (its HTTP server's own error
 * answers included), for requests whose bytes and headers a test controls exactly.
 */
export async function listen(app: Koa, options: http.ServerOptions = {}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createHttpServer(app, undefined, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseOrUndefined(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
    const req = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => parseOrUndefined(text),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${request.method} ${request.path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Writes `bytes` on a new connection and leaves it open, as a slow or broken client would, then
 * reads whatever the server answers until it closes the connection.
 */
export function rawExchange(port: number, bytes: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = raw.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const text = rest.join('\r\n\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: Buffer.from(text, 'utf8'),
        text,
        json: () => parseOrUndefined(text),
      });
    });
  });
}

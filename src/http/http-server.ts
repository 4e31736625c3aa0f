import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { errorStatus, ErrorCode } from '../domain/error-codes';
import { EVERY_ANSWER_HEADERS } from './middleware/response-headers.middleware';

/**
 * Errors Node's HTTP parser meets before the app sees a request (the app's error mapper never
 * runs for them), by Node's error code, with the {code, message} they answer.
 */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: ['REQUEST_HEADER_FIELDS_TOO_LARGE', 'The request headers are larger than the service accepts (16 KB in all).'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are larger than the service accepts.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request was not received completely in time.'],
};
const MALFORMED: [ErrorCode, string] = ['VALIDATION_FAILED', 'The request is not well-formed HTTP/1.1.'];

/** The raw HTTP response for a client error, with the same {code, message} body as every other error. */
function clientErrorResponse(nodeCode: string | undefined, requestId: string): string {
  const [code, message] = CLIENT_ERRORS[nodeCode ?? ''] ?? MALFORMED;
  const status = errorStatus(code);
  const body = JSON.stringify({ code, message });
  return [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    ...Object.entries(EVERY_ANSWER_HEADERS).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The service's HTTP server: the app, plus an answer in the API's error shape to requests Node
 * refuses before the app sees them (headers over Node's 16 KB, a request not received in time,
 * bytes that are not HTTP), where Node alone would answer with no body.
 */
export function createHttpServer(app: Koa, logger?: Logger, options: http.ServerOptions = {}): http.Server {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Koa's handler catches its own errors: its promise never rejects
  const server = http.createServer(options, app.callback());
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: http.ServerResponse | null }) => {
    // Like Node's own handler: write only on a socket that can take it and has no response under way.
    if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent === true) {
      socket.destroy();
      return;
    }
    const requestId = randomUUID();
    logger?.info({ requestId, reason: err.code }, 'request refused by the HTTP parser');
    socket.end(clientErrorResponse(err.code, requestId));
  });
  return server;
}

import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../../domain/app-error';
import { checkJsonLimits } from '../body/json-limits-scan';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body ({} when the request had none); set by jsonBody(). */
    body?: unknown;
  }
}

const UTF8 = new Set(['utf-8', 'utf8']);
const WITHOUT_BODY = new Set(['GET', 'HEAD']);
const IDENTITY = new Set(['', 'identity']);

function unsupported(message: string): never {
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', message);
}

/**
 * Reads a JSON body up to `limit` (413 PAYLOAD_TOO_LARGE above it) and parses it only once it is
 * known to be bounded: UTF-8 only, and within the nesting, string, array and object limits
 * (checkJsonLimits). A body of another media type, charset or content encoding is refused
 * with 415 rather than guessed at; only `application/json` itself is JSON here, so a caller
 * never gets a body silently read in a way it did not mean. GET and HEAD take no body: one sent
 * anyway is not read (Node discards it), as their operations document no body answers.
 */
export function jsonBody(limit: string): Middleware {
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (!hasBody || WITHOUT_BODY.has(ctx.method)) {
      ctx.request.body = {};
      return next();
    }
    if (ctx.request.type !== 'application/json') {
      unsupported(`The request body must be sent as Content-Type: application/json${ctx.request.type ? ` (got ${ctx.request.type.slice(0, 100)})` : ''}.`);
    }
    const charset = ctx.request.charset.toLowerCase();
    if (charset !== '' && !UTF8.has(charset)) unsupported(`The request body must be UTF-8 (got charset=${charset.slice(0, 50)}).`);
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (!IDENTITY.has(encoding)) unsupported(`Compressed request bodies are not accepted (Content-Encoding: ${encoding.slice(0, 50)}).`);

    const bytes = await getRawBody(ctx.req, { length: ctx.request.length, limit });
    ctx.request.body = parseJson(decodeUtf8(bytes));
    return next();
  };
}

function decodeUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid UTF-8.');
  }
}

function parseJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start === undefined) return {};
  if (start !== '{' && start !== '[') throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON (an object is expected).');
  checkJsonLimits(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON (an object is expected).');
  }
}

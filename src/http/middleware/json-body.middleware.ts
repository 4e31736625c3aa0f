import type { Context, Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { AppError } from '../../domain/app-error';
import { sentUncompressed } from '../../validation/content-encoding';
import { checkJsonLimits } from '../body/json-limits-scan';

const UTF8 = new Set(['utf-8', 'utf8']);
const CHARSET = /^charset\s*=\s*"?([^"]*)"?$/;

/** Whether the request announces a body (only operations with one run this middleware). */
function carriesBody(ctx: Context): boolean {
  return ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
}

/** `application/json`, whose charset, if given, is UTF-8 (media types and charsets are case-insensitive). */
function isJsonInUtf8(contentType: string): boolean {
  const [type, ...params] = contentType
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  if (type !== 'application/json') return false;
  return params.every((param) => {
    const charset = CHARSET.exec(param);
    return charset === null || UTF8.has(charset[1].trim());
  });
}

function notJson(ctx: Context): never {
  const sent = ctx.get('Content-Type');
  throw new AppError(
    'VALIDATION_FAILED',
    `Content-Type must be application/json; charset=utf-8 (got ${sent === '' ? 'none' : sent.slice(0, 100)}).`,
  );
}

/**
 * Refuses, before a byte of the body is read, what koa-bodyparser would otherwise read wrongly:
 * another media type (it would take application/vnd.api+json as JSON, or leave a text body
 * unread as an empty object), another charset (it decodes everything as UTF-8, so latin1 would
 * be garbled), or a Content-Encoding (it would inflate it, multiplying the size the limit was
 * meant to bound). These are 400 VALIDATION_FAILED: a non-JSON body is an invalid body.
 */
const acceptJsonOnly: Middleware = async (ctx, next) => {
  if (!carriesBody(ctx)) {
    ctx.request.body = {}; // koa-bodyparser leaves a body that is already set alone
    return next();
  }
  if (!isJsonInUtf8(ctx.get('Content-Type'))) notJson(ctx);
  if (!sentUncompressed(ctx.get('Content-Encoding'))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Content-Encoding must be identity: send the body uncompressed (got ${ctx.get('Content-Encoding').trim().toLowerCase().slice(0, 50)}).`,
    );
  }
  return next();
};

/**
 * After koa-bodyparser, before anything recursive (yup, the idempotency fingerprint) walks the
 * parsed body: the one linear scan of the raw text against the nesting, string, array and object
 * limits. Parsing first is safe because JSON.parse does not recurse, and the scan of text that
 * parsed is exact.
 */
const withinLimits: Middleware = async (ctx, next) => {
  if (carriesBody(ctx)) {
    const raw = ctx.request.rawBody;
    // A header koa-bodyparser's own type check does not take as JSON leaves the body unread.
    if (typeof raw !== 'string') notJson(ctx);
    // Bytes that are not UTF-8 were decoded as U+FFFD: refuse rather than store damaged text.
    if (raw.includes('\uFFFD')) throw new AppError('VALIDATION_FAILED', 'The request body is not valid UTF-8.');
    checkJsonLimits(raw);
  }
  return next();
};

/**
 * The JSON body of a protected route: media type checked, then read and parsed by koa-bodyparser
 * up to `limit` (413 PAYLOAD_TOO_LARGE above it; only objects and arrays, malformed JSON is 400),
 * then held to the body limits.
 */
export function jsonBody(limit: string): Middleware[] {
  return [acceptJsonOnly, bodyParser({ enableTypes: ['json'], jsonLimit: limit, strict: true }), withinLimits];
}

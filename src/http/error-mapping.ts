import { ValidationError } from 'yup';
import { classifyDatabaseError, isTransient, RETRY_POLICIES } from '../db/database-failure';
import { AppError } from '../domain/app-error';
import { errorStatus, ErrorCode } from '../domain/error-codes';

export interface ErrorResponse {
  status: number;
  body: { code: ErrorCode; message: string };
  /** Unexpected: the log needs the stack, the caller gets nothing internal. */
  unexpected: boolean;
  /** Response headers the error calls for (Retry-After on a temporary failure). */
  headers?: Record<string, string>;
  /** For a temporary database failure: which one, for the log (the caller only sees 503). */
  failure?: string;
}

/** Errors raised by koa-bodyparser (raw-body) carry a `type` that says what went wrong. */
interface BodyParserError {
  type: string;
}

const BODY_PARSER_TYPES: Record<string, [ErrorCode, string]> = {
  'entity.too.large': ['PAYLOAD_TOO_LARGE', 'The request body is larger than the service accepts.'],
  'encoding.unsupported': ['VALIDATION_FAILED', 'The request body has an unsupported character encoding.'],
  'charset.unsupported': ['VALIDATION_FAILED', 'The request body has an unsupported charset.'],
  'request.aborted': ['VALIDATION_FAILED', 'The request body was not received completely.'],
  'request.size.invalid': ['VALIDATION_FAILED', 'The request body does not match its Content-Length.'],
};

function isBodyParserError(err: unknown): err is BodyParserError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as BodyParserError).type === 'string' &&
    (err as BodyParserError).type in BODY_PARSER_TYPES
  );
}

/** co-body (under koa-bodyparser) marks a body it cannot parse as JSON with status 400. */
function isUnparseableJson(err: unknown): boolean {
  return err instanceof SyntaxError && (err as SyntaxError & { status?: number }).status === 400;
}

/**
 * The challenge of a 401 (RFC 9110 11.6.1 requires one; RFC 6750 3 gives its form): a request
 * without credentials gets only the scheme and realm, a refused key also error="invalid_token".
 */
export const AUTH_REALM = 'invoicing';
const CHALLENGES: Partial<Record<ErrorCode, string>> = {
  MISSING_API_KEY: `Bearer realm="${AUTH_REALM}"`,
  INVALID_API_KEY: `Bearer realm="${AUTH_REALM}", error="invalid_token", error_description="The API key is unknown, revoked or expired"`,
};

function response(code: ErrorCode, message: string, unexpected = false): ErrorResponse {
  return { status: errorStatus(code), body: { code, message }, unexpected };
}

/**
 * The one table that turns anything thrown while serving a request into `{code, message}`
 * (decision 24): services throw AppError, whose code gives the status (an operator code too, should
 * one reach HTTP: it is a refusal, never a 500), yup throws ValidationError, the body parser throws
 * typed errors, and everything else is an unexpected 500 whose details stay in the log.
 */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof AppError) {
    const mapped = response(err.code, err.message);
    const challenge = CHALLENGES[err.code];
    if (challenge !== undefined) return { ...mapped, headers: { 'WWW-Authenticate': challenge } };
    return err.retryAfterSeconds === undefined ? mapped : { ...mapped, headers: { 'Retry-After': String(err.retryAfterSeconds) } };
  }
  if (err instanceof ValidationError) return response('VALIDATION_FAILED', err.errors.join('; '));
  if (isBodyParserError(err)) return response(...BODY_PARSER_TYPES[err.type]);
  if (isUnparseableJson(err)) return response('VALIDATION_FAILED', 'The request body is not valid JSON (an object is expected).');
  // A database that is down, not ready or too contended is temporary: the caller is told when to
  // retry (503), never handed a 500 it might treat as a bug.
  const failure = classifyDatabaseError(err);
  if (isTransient(failure)) {
    return {
      ...response(
        'SERVICE_UNAVAILABLE',
        'The database is not available right now; nothing was changed. Retry after the Retry-After seconds (and, for an invoice, with the same Idempotency-Key).',
      ),
      headers: { 'Retry-After': String(RETRY_POLICIES[failure].retryAfterSeconds) },
      failure,
    };
  }
  return response('INTERNAL_ERROR', 'The service failed to handle the request. Retry with backoff (and the same Idempotency-Key).', true);
}

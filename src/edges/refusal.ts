import { ValidationError } from 'yup';
import { classifyDatabaseError, isTransient, RETRY_POLICIES, type DatabaseFailure } from '../db/database-failure';
import { AppError } from '../domain/app-error';
import type { ErrorCode } from '../domain/error-codes';

/** An expected refusal, as every edge answers it: the API as `{code, message}`, the console as a page. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  /** Seconds to wait before trying again (a temporary failure): the edge answers Retry-After. */
  retryAfterSeconds?: number;
  /** For a temporary database failure: which one, for the log (the caller only sees 503). */
  failure?: DatabaseFailure;
}

/** koa-bodyparser (raw-body) marks what went wrong reading a body with a `type`. */
const BODY_PARSER_TYPES: Record<string, [ErrorCode, string]> = {
  'entity.too.large': ['PAYLOAD_TOO_LARGE', 'The request body is larger than the service accepts.'],
  'encoding.unsupported': ['VALIDATION_FAILED', 'The request body has an unsupported character encoding.'],
  'charset.unsupported': ['VALIDATION_FAILED', 'The request body has an unsupported charset.'],
  'request.aborted': ['VALIDATION_FAILED', 'The request body was not received completely.'],
  'request.size.invalid': ['VALIDATION_FAILED', 'The request body does not match its Content-Length.'],
};

function bodyParserType(err: unknown): string | undefined {
  const type = (err as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type in BODY_PARSER_TYPES ? type : undefined;
}

/** co-body (under koa-bodyparser) marks a body it cannot parse as JSON with status 400. */
function isUnparseableJson(err: unknown): boolean {
  return err instanceof SyntaxError && (err as SyntaxError & { status?: number }).status === 400;
}

/**
 * The one translation of anything thrown while serving a request into the refusal an edge answers
 * (decision 24): services throw AppError, yup throws ValidationError, the body parser throws typed
 * errors, and a database that is down, not ready or too contended is temporary (503 with when to
 * retry, never a 500 a caller might treat as a bug). Null: unexpected, for the edge to log and
 * answer as INTERNAL_ERROR. The API (src/http/error-mapping.ts) and the console's error page both
 * answer from it, so a refusal has one code and one message wherever it is met.
 */
export function refusalOf(err: unknown): Refusal | null {
  if (err instanceof AppError) return { code: err.code, message: err.message, retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof ValidationError) return { code: 'VALIDATION_FAILED', message: err.errors.join('; ') };
  const type = bodyParserType(err);
  if (type !== undefined) {
    const [code, message] = BODY_PARSER_TYPES[type];
    return { code, message };
  }
  if (isUnparseableJson(err)) return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON (an object is expected).' };
  const failure = classifyDatabaseError(err);
  if (!isTransient(failure)) return null;
  return {
    code: 'SERVICE_UNAVAILABLE',
    message:
      'The database is not available right now; nothing was changed. Retry after the Retry-After seconds (and, for an invoice, with the same Idempotency-Key).',
    retryAfterSeconds: RETRY_POLICIES[failure].retryAfterSeconds,
    failure,
  };
}

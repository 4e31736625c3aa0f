import { errorStatus, ErrorCode } from '../domain/error-codes';
import { refusalOf } from '../edges/refusal';

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
 * Anything thrown while serving a request as the API's answer: the refusal `refusalOf` gives
 * (decision 24), with the headers it calls for (the challenge of a 401, Retry-After), else an
 * unexpected 500 whose details stay in the log. An operator code that reaches HTTP is a refusal
 * too, never a 500.
 */
export function toErrorResponse(err: unknown): ErrorResponse {
  const refusal = refusalOf(err);
  if (refusal === null)
    return response('INTERNAL_ERROR', 'The service failed to handle the request. Retry with backoff (and the same Idempotency-Key).', true);
  const mapped = response(refusal.code, refusal.message);
  if (refusal.failure !== undefined) mapped.failure = refusal.failure;
  const challenge = CHALLENGES[refusal.code];
  if (challenge !== undefined) return { ...mapped, headers: { 'WWW-Authenticate': challenge } };
  return refusal.retryAfterSeconds === undefined ? mapped : { ...mapped, headers: { 'Retry-After': String(refusal.retryAfterSeconds) } };
}

import { ERROR_STATUS, ErrorCode } from './error-codes';

/**
 * The one error type services throw for an expected failure. Its code decides the HTTP status
 * (error-codes.ts); its message is for humans and must never carry internals or secrets.
 */
export class AppError extends Error {
  readonly status: number;
  /** For a temporary failure: when the caller may try again (sent as Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

import { errorStatus, ErrorCode } from './error-codes';

/**
 * The one error type services and edges throw for an expected refusal, from the API and from
 * operator work alike (decision 24). Its code decides the status (error-codes.ts); its message is
 * for humans, what the API answers and the CLI prints as its one line, so it must never carry
 * internals or secrets. Each edge translates it: HTTP to the code's status and {code, message},
 * the CLI to `error: <message>` on stderr and exit 1.
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
    this.status = errorStatus(code);
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

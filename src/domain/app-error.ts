import { ERROR_STATUS, ErrorCode } from './error-codes';

/**
 * The one error type services throw for an expected failure. Its code decides the HTTP status
 * (error-codes.ts); its message is for humans and must never carry internals or secrets.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

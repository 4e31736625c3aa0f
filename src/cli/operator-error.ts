/**
 * A refusal found by the CLI itself, before any service runs (a bad option value, a binary report
 * to a terminal). Printed like a service's RefusalError: one line on stderr, exit 1.
 */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

/**
 * A refusal of an operator command (unknown company, key limit, bad setup file). The CLI prints
 * its message as the one line on stderr; the API never sees it.
 */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

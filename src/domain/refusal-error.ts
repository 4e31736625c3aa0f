/**
 * An expected refusal of an operator's request that the operator must fix: an unknown company,
 * the active-key limit, a setup file that breaks a rule. Services throw it with a message that
 * names the problem; the CLI prints that message as its one line on stderr (decision 29). The
 * API never reaches the services that throw it, so it has no HTTP code (API refusals are AppError).
 */
export class RefusalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusalError';
  }
}

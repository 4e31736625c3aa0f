/**
 * Ends a command with a given exit code after it printed its result, without an error line:
 * `cai status` reports a state through its code (3, 4) for cron and monitoring.
 */
export class CommandExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'CommandExit';
  }
}

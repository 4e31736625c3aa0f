import { OperatorError } from '../../services/operator-error';

/** A database id given on the command line; `option` names it in the refusal. */
export function parseId(value: string, option = '--id'): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new OperatorError(`${option} must be a whole number, got "${value}"`);
  return Number(value);
}

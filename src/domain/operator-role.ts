/**
 * What a console operator may do: an administrator sees every company and page; an accountant
 * only the companies granted, and there neither API keys, letterheads nor operators.
 */
export const OPERATOR_ROLES = ['admin', 'accountant'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

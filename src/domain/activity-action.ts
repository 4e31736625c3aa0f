/**
 * Every kind of change the activity trail records, spelled as operators and their scripts read
 * them in `admin activity --json`. Never respell one; add a new one at the end.
 */
export const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'invoice-annulled',
  'note-issued',
  'note-annulled',
  'key-issued',
  'key-revoked',
  'client-exonerated',
  'letterhead-published',
  'letterhead-rolled-back',
  'apply',
  'operator-added',
  'operator-disabled',
  'password-reset',
  'operator-unlocked',
  'cai-cancelled',
  'setup-changed',
  'client-updated',
  'client-deleted',
  'document-resent',
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

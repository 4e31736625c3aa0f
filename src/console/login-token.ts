import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The login form's `_csrf`, bound to the pre-session cookie the login page sets (decision 59):
 * derived from the cookie's random value, so any instance can check it without storing anything
 * (GET /login writes nothing) and a page elsewhere, which can neither read nor set that HttpOnly,
 * SameSite=Strict cookie, cannot produce it.
 */
export function newLoginNonce(): string {
  return randomBytes(32).toString('base64url');
}

export function loginToken(nonce: string): string {
  return createHash('sha256').update(`console-login:${nonce}`, 'utf8').digest('base64url');
}

/** Compares a submitted token with the expected one in constant time. */
export function tokensMatch(submitted: string | undefined, expected: string | undefined): boolean {
  if (!submitted || !expected) return false;
  const a = Buffer.from(submitted, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

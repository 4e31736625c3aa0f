import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerSecrets } from '../services/access';

/**
 * The login form's `_csrf`, bound to the pre-session cookie the login page sets (decisions 59, 68):
 * derived from the cookie's random value, so any instance can check it without storing anything
 * (GET /login writes nothing), and a MAC under the server's secret key, so that knowing or
 * choosing the cookie's value is not enough to make the token that goes with it.
 */
export function newLoginNonce(): string {
  return randomBytes(32).toString('base64url');
}

export function loginToken(secrets: ServerSecrets, nonce: string): string {
  return secrets.mac('console-login', nonce);
}

/** Compares a submitted token with the expected one in constant time. */
export function tokensMatch(submitted: string | undefined, expected: string | undefined): boolean {
  if (!submitted || !expected) return false;
  const a = Buffer.from(submitted, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

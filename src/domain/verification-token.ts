import { randomBytes } from 'node:crypto';

/**
 * The token a printed document's QR code carries to its public verification page (decision 54):
 * 16 random bytes (128 bits) in base64url, so 22 characters of [A-Za-z0-9_-], fit for a URL path
 * as they are. Nothing about the document can be read from it or guessed into it.
 */
export const VERIFICATION_TOKEN_BYTES = 16;
export const VERIFICATION_TOKEN_LENGTH = 22;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** A new token for a document being issued. */
export function newVerificationToken(): string {
  return randomBytes(VERIFICATION_TOKEN_BYTES).toString('base64url');
}

/** Whether `value` has a token's shape: anything else is refused before the database is asked. */
export function isVerificationToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** The path of a document's verification page, under the API's host. */
export const VERIFY_PATH_PREFIX = '/verify/';

/** The address a document prints and encodes in its QR: `PUBLIC_BASE_URL/verify/{token}`. */
export function verificationUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${VERIFY_PATH_PREFIX}${token}`;
}

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

/** The address a document prints and encodes in its QR: `{base}/verify/{token}`, the base stored with the document. */
export function verificationUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}${VERIFY_PATH_PREFIX}${token}`;
}

/** What a document's verification base column holds, so a longer base is refused where it is set. */
export const MAX_VERIFICATION_BASE_LENGTH = 255;

/**
 * Whether `value` can be the base of a verification address (PUBLIC_BASE_URL, a company's
 * verificationBaseUrl): an absolute http(s) address buyers can open, with no credentials, query or
 * fragment to append a path to, and short enough to be stored with a document.
 */
export function isVerificationBase(value: string): boolean {
  if (value.length > MAX_VERIFICATION_BASE_LENGTH) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

/**
 * The base a document being issued prints for ever (decision 70): the company's own when it set
 * one, else the PUBLIC_BASE_URL of the process that issues it. Stored with the document, so every
 * later copy prints it whichever process prints.
 */
export function verificationBaseAtIssue(companyBase: string | null, processBase: string): string {
  return (companyBase ?? processBase).replace(/\/+$/, '');
}

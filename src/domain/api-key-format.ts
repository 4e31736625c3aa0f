import { createHash, randomBytes } from 'node:crypto';

/** Fixed vendor prefix: lets secret scanners and people recognise a key of this service. */
export const API_KEY_PREFIX = 'hninv_';
/** How much of a key is kept in clear for operators to tell keys apart (prefix + 6 chars). */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;

/** A new key: the prefix plus 32 random bytes in base64url (decision 22). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The only form in which a key is stored and looked up. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_LENGTH);
}

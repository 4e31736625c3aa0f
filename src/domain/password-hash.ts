import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** The shortest password an operator may choose (`--password-stdin`). */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * scrypt's cost (decision 58): N = 2^15 with r = 8 needs 32 MiB per hash (memory-hard) and takes
 * some 100 ms on one core, the usual interactive-login setting. Written into every hash, so a
 * later change of cost still verifies the passwords stored before it.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // Node refuses above 32 MiB by default; leave room for the 128 * N * r * p bytes scrypt needs.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r * cost.p };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url): a fresh salt per password, the parameters beside it. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of no password anyone can type, verified against when an e-mail has no account, so that
 * a sign-in takes as long whether or not the e-mail exists.
 */
export const UNUSABLE_PASSWORD_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

// Letters and digits without the ones people misread (0/O, 1/l/I).
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A generated password: 20 characters of a 57-letter alphabet, about 116 bits. */
export function generatePassword(): string {
  let password = '';
  for (let i = 0; i < 20; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Personal API tokens start with this, so the resolver knows which table to look in (and people recognise them). */
export const API_TOKEN_PREFIX = 'pat_';

/** A bearer secret: 32 random bytes, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of tokens are stored: a database leak gives no usable token. SHA-256 suffices for 256-bit random secrets. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Spec 1 §4: the captcha identifier is 32 random letters. */
export function randomLetters(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += LETTERS[randomInt(LETTERS.length)];
  return out;
}

/** A password an operator can read out: 16 characters from an unambiguous alphabet. */
export function randomPassword(length = 16): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

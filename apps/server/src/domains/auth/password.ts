import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package declares an ambient const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane (~60 ms per hash here). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

/**
 * A valid hash of a random password, verified against when the e-mail is unknown so that a wrong
 * e-mail and a wrong password take the same time.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}

import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** At least 12 characters (NCSC and NIST SP 800-63B favour length over composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
/** Bounded so a megabyte "password" cannot make the hash a denial of service. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). The
 * parameters and salt travel in the PHC string, so raising them later still verifies old hashes.
 */
const ARGON2ID = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum in the typings, which type stripping cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no such user, so response time does not reveal
 * which emails have accounts.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoy, password);
  return false;
}

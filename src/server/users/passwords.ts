import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum: 2 = Argon2id. */
const ARGON2ID_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an unknown e-mail or an account without a
 * password, so that the answer's timing does not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('kuda-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

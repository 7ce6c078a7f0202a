import type * as Argon2 from '@node-rs/argon2';

/** Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum: 2 = Argon2id. */
const ARGON2ID_OPTIONS = { algorithm: 2 as Argon2.Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The native addon loads with the first password hashed or checked, not with the server: about 25 ms of
 * every start, which most starts do not need before someone signs in. A known and an unknown account pay
 * it alike (verifyAgainstDummy hashes and checks too), so it tells nothing about either.
 */
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

export async function hashPassword(password: string): Promise<string> {
  const { hash } = await loadArgon2();
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
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

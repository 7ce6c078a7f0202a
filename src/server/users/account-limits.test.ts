import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { watchRedis } from '../lib/redis-failover';
import { createSignInLockout, SIGN_IN_LIMITS, type SignInLockout } from './account-limits';

let counter = 0;
const uniqueEmail = () => `lockout.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

/** How many of `attempts` concurrent wrong passwords were let through to be checked, and how many got a 429. */
async function race(lockout: SignInLockout, email: string, ips: string[]) {
  const outcomes = await Promise.all(
    ips.map((ip) =>
      lockout.begin({ email, ip }).then(
        () => 'checked' as const,
        (error: unknown) => {
          if (error instanceof AppError && error.kind === 'rate_limited') return 'refused' as const;
          throw error;
        },
      ),
    ),
  );
  return { checked: outcomes.filter((o) => o === 'checked').length, refused: outcomes.filter((o) => o === 'refused').length };
}

const stores: Array<[string, () => SignInLockout]> = [['in process', () => createSignInLockout()]];
const redisUrl = process.env.TEST_REDIS_URL;
const redis = redisUrl ? new Redis(redisUrl) : undefined;
const quiet = { warn: () => undefined, info: () => undefined };
if (redis) stores.push(['shared through Redis', () => createSignInLockout(watchRedis(redis, quiet))]);
// Redis configured but unreachable (port 1 refuses): the lockout counts in process, it is never lifted.
const unreachable = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
unreachable.on('error', () => undefined);
stores.push(['with Redis unreachable', () => createSignInLockout(watchRedis(unreachable, quiet))]);
// The lockout asks Redis only once the client is ready: wait for it, or these would count in process.
beforeAll(async () => void (await redis?.ping()));
afterAll(async () => {
  await redis?.quit();
  unreachable.disconnect();
});

describe.each(stores)('sign-in lockout %s', (_name, make) => {
  it('lets through at most the per-address budget of attempts sent at once from one address', async () => {
    const result = await race(make(), uniqueEmail(), Array(25).fill('192.0.2.1'));
    expect(result).toEqual({ checked: SIGN_IN_LIMITS.perAddress, refused: 25 - SIGN_IN_LIMITS.perAddress });
  });

  it('lets through at most the per-account ceiling of attempts sent at once from many addresses', async () => {
    const ips = Array.from({ length: 150 }, (_, i) => `192.0.2.${i}`);
    const result = await race(make(), uniqueEmail(), ips);
    expect(result).toEqual({ checked: SIGN_IN_LIMITS.perAccount, refused: 50 });
  });

  it('does not count an attempt that is forgiven, nor a refused one against the account', async () => {
    const lockout = make();
    const email = uniqueEmail();
    for (let i = 0; i < 20; i += 1) await (await lockout.begin({ email, ip: '192.0.2.9' })).forgive();
    // Refused attempts from one address leave the account's ceiling untouched for the others.
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i += 1) await lockout.begin({ email, ip: '192.0.2.10' });
    expect(await race(lockout, email, Array(200).fill('192.0.2.10'))).toEqual({ checked: 0, refused: 200 });
    expect((await race(lockout, email, ['192.0.2.11'])).checked).toBe(1);
  });

  it('starts again after a lift', async () => {
    const lockout = make();
    const email = uniqueEmail();
    await race(lockout, email, Array(SIGN_IN_LIMITS.perAddress).fill('192.0.2.20'));
    await lockout.lift({ email: email.toUpperCase() });
    expect((await race(lockout, email, ['192.0.2.20'])).checked).toBe(1);
  });
});

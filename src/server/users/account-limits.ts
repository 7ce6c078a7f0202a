import { sha256 } from './accounts';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RedisGate } from '../lib/redis-failover';
import { LRUCache } from 'lru-cache';
import { rateLimited } from '../lib/errors';

/**
 * Every per-account limit of the accounts API, in one place. The per-address limits are route config;
 * these are keyed on what the request names (an e-mail, a user, a phone number) and checked by hand,
 * because @fastify/rate-limit runs only one limiter per route.
 */

/** What `app.createRateLimit` returns: one atomic increment-and-check in the shared rate-limit store. */
export type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

/** Counts the request against `limiter`; a 429 with Retry-After once it is spent. */
export async function consume(limiter: Limiter, request: FastifyRequest): Promise<void> {
  const result = await limiter(request);
  if (!result.isAllowed && result.isExceeded) throw rateLimited(result.ttlInSeconds);
}

export const byUser = (request: FastifyRequest) => `user:${request.principal?.userId ?? request.ip}`;

export const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};


// ------------------------------------------------------------------------------------------------
// Sign-in lockout
// ------------------------------------------------------------------------------------------------

/**
 * Wrong passwords are counted per account and client address, so a stranger's guesses lock out the
 * stranger, not the owner; a much higher ceiling per account stops a guesser with many addresses.
 */
export const SIGN_IN_LIMITS = { perAddress: 10, perAccount: 100, windowMs: 15 * 60_000 } as const;

export interface SignInAttempt {
  /** The attempt was no wrong password (it signed in, or was refused for another reason): it does not count. */
  forgive(): Promise<void>;
}

export interface SignInLockout {
  /**
   * Counts an attempt *before* its password is checked, in one atomic step with the check, so however
   * many arrive at once no more than the budget is ever evaluated. Throws a 429 when it is spent.
   */
  begin(input: { email: string; ip: string }): Promise<SignInAttempt>;
  /** A completed password reset: the owner proved the mailbox, so every count on the account ends. */
  lift(input: { email: string }): Promise<void>;
}

interface Counts {
  take(key: string, field: string): Promise<{ taken: boolean; ttlMs: number }>;
  giveBack(key: string, field: string): Promise<void>;
  clear(key: string): Promise<void>;
}

function memoryCounts(): Counts {
  const accounts = new LRUCache<string, { all: number; byAddress: Map<string, number>; endsAt: number }>({ max: 10_000 });
  const live = (key: string) => {
    const entry = accounts.get(key);
    if (entry && entry.endsAt > Date.now()) return entry;
    accounts.delete(key);
    return undefined;
  };
  return {
    // Synchronous between the read and the write, so atomic within the process.
    async take(key, field) {
      const entry = live(key) ?? { all: 0, byAddress: new Map<string, number>(), endsAt: Date.now() + SIGN_IN_LIMITS.windowMs };
      const mine = entry.byAddress.get(field) ?? 0;
      const ttlMs = entry.endsAt - Date.now();
      if (mine >= SIGN_IN_LIMITS.perAddress || entry.all >= SIGN_IN_LIMITS.perAccount) return { taken: false, ttlMs };
      entry.all += 1;
      entry.byAddress.set(field, mine + 1);
      accounts.set(key, entry);
      return { taken: true, ttlMs };
    },
    async giveBack(key, field) {
      const entry = live(key);
      if (!entry) return;
      entry.all = Math.max(0, entry.all - 1);
      entry.byAddress.set(field, Math.max(0, (entry.byAddress.get(field) ?? 0) - 1));
    },
    async clear(key) {
      accounts.delete(key);
    },
  };
}

// One hash per account (one key to delete on reset): the total under `all`, each address under its own field.
const TAKE = `
local all = tonumber(redis.call('HGET', KEYS[1], 'all') or '0')
local mine = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if mine >= tonumber(ARGV[2]) or all >= tonumber(ARGV[3]) then return {0, ttl} end
redis.call('HINCRBY', KEYS[1], 'all', 1)
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  ttl = tonumber(ARGV[4])
end
return {1, ttl}`;
const GIVE_BACK = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('HINCRBY', KEYS[1], 'all', -1)
  redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
end
return 0`;

function redisCounts(redis: Redis): Counts {
  return {
    async take(key, field) {
      const [taken, ttlMs] = (await redis.eval(
        TAKE,
        1,
        key,
        field,
        SIGN_IN_LIMITS.perAddress,
        SIGN_IN_LIMITS.perAccount,
        SIGN_IN_LIMITS.windowMs,
      )) as [number, number];
      return { taken: taken === 1, ttlMs };
    },
    async giveBack(key, field) {
      await redis.eval(GIVE_BACK, 1, key, field);
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/**
 * Shared through Redis when the app has one (every instance sees the same counts); while Redis is
 * unreachable (the gate says so, or a command fails), or without it, each instance counts for itself,
 * like the routes' own limits: an attempt is never let through uncounted.
 */
export function createSignInLockout(gate?: RedisGate): SignInLockout {
  const local = memoryCounts();
  const shared = gate ? redisCounts(gate.redis) : undefined;
  const useShared = () => Boolean(shared && gate?.shared());
  const fallBack = <T>(work: () => Promise<T>) => (error: unknown) => {
    gate?.failed(error);
    return work();
  };
  const counts: Counts = {
    take: (key, field) => (useShared() ? shared!.take(key, field).catch(fallBack(() => local.take(key, field))) : local.take(key, field)),
    giveBack: (key, field) =>
      useShared() ? shared!.giveBack(key, field).catch(fallBack(() => local.giveBack(key, field))) : local.giveBack(key, field),
    clear: async (key) => {
      await local.clear(key);
      // A reset during an outage cannot reach the shared count; it ends by itself with its window.
      if (useShared()) await shared!.clear(key).catch((error: unknown) => gate?.failed(error));
    },
  };
  const accountKey = (email: string) => `kuda-sign-in:${sha256(email.toLowerCase())}`;
  return {
    async begin({ email, ip }) {
      const key = accountKey(email);
      const field = `ip:${ip}`;
      const { taken, ttlMs } = await counts.take(key, field);
      if (!taken) throw rateLimited(Math.max(1, ttlMs) / 1000);
      return { forgive: () => counts.giveBack(key, field) };
    },
    async lift({ email }) {
      await counts.clear(accountKey(email));
    },
  };
}

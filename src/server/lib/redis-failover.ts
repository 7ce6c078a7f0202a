import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * DESIGN §9: when Redis is unreachable every limit falls back to an in-process store, never to no
 * limit. Limits are shared through Redis while it answers; while it does not, each instance counts for
 * itself, and Redis takes over again as soon as the client is ready. Counts made in process during an
 * outage are not copied to Redis: for one window after the return a client may get up to one more budget.
 */

interface Logger {
  warn: (obj: object, msg?: string) => void;
  info: (obj: object, msg?: string) => void;
}

/** Whether the shared store is to be asked now; callers report its failures so the next ones skip it. */
export interface RedisGate {
  readonly redis: Redis;
  shared(): boolean;
  failed(error: unknown): void;
}

/**
 * A command that fails while the client still calls itself ready (a server that stopped answering
 * without closing the socket) benches Redis for this long, so a hung Redis costs one command timeout per
 * bench, not one per request.
 */
const BENCH_MS = 5_000;

export function watchRedis(redis: Redis, log: Logger): RedisGate {
  let down = false;
  let benchedUntil = 0;
  const wentDown = (reason: string) => {
    if (down) return;
    down = true;
    // Says what really happens: limits still apply, counted by this instance alone.
    log.warn({ reason }, 'Redis unreachable: rate limits and the sign-in lockout are counted per instance, in process, until it is back');
  };
  redis.on('error', (error: Error) => wentDown(error.message));
  redis.on('close', () => wentDown('connection closed'));
  redis.on('ready', () => {
    benchedUntil = 0;
    if (down) log.info({}, 'Redis reachable again: rate limits and the sign-in lockout are shared across instances again');
    down = false;
  });
  return {
    redis,
    shared: () => redis.status === 'ready' && Date.now() >= benchedUntil,
    failed: (error) => {
      benchedUntil = Date.now() + BENCH_MS;
      wentDown(error instanceof Error ? error.message : String(error));
    },
  };
}

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

// Fixed window, as @fastify/rate-limit's own Redis store: the first hit sets the expiry.
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) else ttl = redis.call('PTTL', KEYS[1]) end
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {current, ttl}`;
const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}`;

type LimitCommands = {
  kudaRateLimitIncr(key: string, timeWindow: number): Promise<[number, number]>;
  kudaRateLimitRead(key: string): Promise<[number, number]>;
};

/** One process's windows for every route (keys carry the route's prefix); bounded, the oldest go first. */
class MemoryWindows {
  private readonly windows = new LRUCache<string, { count: number; endsAt: number }>({ max: 50_000 });

  incr(key: string, timeWindow: number): Counted {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + timeWindow };
    window.count += 1;
    this.windows.set(key, window);
    return { current: window.count, ttl: window.endsAt - now };
  }

  read(key: string): Counted {
    const now = Date.now();
    const window = this.windows.get(key);
    return window && window.endsAt > now ? { current: window.count, ttl: window.endsAt - now } : { current: 0, ttl: 0 };
  }
}

/**
 * A store for @fastify/rate-limit that counts in Redis when the gate says so and in process otherwise
 * (and when a Redis command fails), so a request is never let through uncounted. With it the plugin's
 * `skipOnError` is moot: this store does not fail.
 */
export function failoverRateLimitStore(gate: RedisGate, nameSpace: string): FastifyRateLimitStoreCtor {
  const commands = gate.redis as unknown as LimitCommands;
  if (!('kudaRateLimitIncr' in gate.redis)) {
    gate.redis.defineCommand('kudaRateLimitIncr', { numberOfKeys: 1, lua: INCR });
    gate.redis.defineCommand('kudaRateLimitRead', { numberOfKeys: 1, lua: READ });
  }
  const memory = new MemoryWindows();

  class FailoverStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its options; routes get children with their own prefix.
    constructor(_options: FastifyRateLimitOptions | undefined, prefix = nameSpace) {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const full = this.prefix + key;
      if (!gate.shared()) return callback(null, memory.incr(full, timeWindow));
      commands.kudaRateLimitIncr(full, timeWindow).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          gate.failed(error);
          callback(null, memory.incr(full, timeWindow));
        },
      );
    }

    read(key: string, callback: Callback): void {
      const full = this.prefix + key;
      if (!gate.shared()) return callback(null, memory.read(full));
      commands.kudaRateLimitRead(full).then(
        ([current, ttl]) => callback(null, { current, ttl }),
        (error: unknown) => {
          gate.failed(error);
          callback(null, memory.read(full));
        },
      );
    }

    // Typed as route options, the plugin passes the route's merged limit settings with `routeInfo` (the route).
    child(routeOptions: object): FastifyRateLimitStore {
      const { method, url } = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      // Same key layout as the plugin's Redis store: counters of one route never mix with another's.
      return new FailoverStore(undefined, `${this.prefix}${String(method ?? '')}${String(url ?? '')}-`);
    }
  }
  return FailoverStore as unknown as FastifyRateLimitStoreCtor;
}

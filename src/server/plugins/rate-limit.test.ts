import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';
import { waitFor } from '../../../tests/support/wait-for';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

type Started = TestApp & { close: () => Promise<void> };

async function registerGuests(app: TestApp, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await app.http('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ auth: 'client' }),
    });
    statuses.push(response.status);
    if (response.status === 429) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await response.json()) as { code: string; detail: string };
      expect(body.code).toBe('rate_limited');
      expect(body.detail).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
    } else {
      await response.arrayBuffer();
    }
  }
  return statuses;
}

describe('rate limits in memory', () => {
  let app: Started;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => app.close());

  it('answers 429 problem details with Retry-After once a route limit is spent', async () => {
    const statuses = await registerGuests(app, 61);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });
});

// Shared limits need a Redis server; CI provides one (TEST_REDIS_URL), like PostgreSQL.
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('rate limits shared through Redis', () => {
  const apps: Started[] = [];
  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await redis.keys('kuda-rl:*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    for (let i = 0; i < 2; i += 1) apps.push(await startTestApp('pglite', { env: { REDIS_URL: process.env.TEST_REDIS_URL! } }));
  });
  afterAll(async () => Promise.all(apps.map((app) => app.close())));

  it('counts requests to two instances against one limit', async () => {
    const first = await registerGuests(apps[0]!, 40);
    const second = await registerGuests(apps[1]!, 21);
    expect(first.every((s) => s === 200)).toBe(true);
    expect(second.filter((s) => s === 200)).toHaveLength(20);
    expect(second[20]).toBe(429);
  });
});

describe('rate limits when Redis is unreachable from the start', () => {
  let app: Started;
  beforeAll(async () => {
    // Port 1 refuses connections at once: the limits are counted in process, never switched off.
    app = await startTestApp('pglite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => app.close());

  it('still enforces every limit, per instance', async () => {
    const statuses = await registerGuests(app, 61);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });
});

// The outage: Kuda reaches Redis through a proxy the test cuts, hangs and restores (tests/support/tcp-proxy.ts).
describe.runIf(Boolean(process.env.TEST_REDIS_URL))('rate limits while Redis goes away and comes back', () => {
  const apps: Started[] = [];
  let proxy: TcpProxy;
  let redis: Redis;
  const REGISTER_KEY = 'kuda-rl:POST/api/v1/auth/register-127.0.0.1';
  const clearCounts = async () => {
    const keys = await redis.keys('kuda-rl:*');
    if (keys.length) await redis.del(...keys);
  };
  /** Waits until a request to `app` is counted in Redis (its client is connected and used again). */
  const countedInRedis = (app: Started) =>
    waitFor('the app to count in Redis', async () => {
      const before = Number(await redis.get(REGISTER_KEY));
      await registerGuests(app, 1);
      return Number(await redis.get(REGISTER_KEY)) === before + 1;
    });
  /** Registers until the first 429 (at most `limit` + 1 tries); how many were let through. */
  const spend = async (app: Started, limit: number) => {
    const statuses = await registerGuests(app, limit + 1);
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThanOrEqual(0);
    expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
    return firstRefusal;
  };

  beforeAll(async () => {
    const { Redis: RedisClient } = await import('ioredis');
    const target = new URL(process.env.TEST_REDIS_URL!);
    redis = new RedisClient(process.env.TEST_REDIS_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    for (let i = 0; i < 2; i += 1) apps.push(await startTestApp('pglite', { env: { REDIS_URL: proxy.through(process.env.TEST_REDIS_URL!) } }));
    for (const app of apps) await countedInRedis(app);
    await clearCounts();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await proxy.close();
    await clearCounts();
    await redis.quit();
  });

  it('shares limits while Redis is up, counts per instance while it is cut or hung, and shares them again once it is back', async () => {
    // Up: two instances, one budget of 60.
    expect((await registerGuests(apps[0]!, 40)).every((s) => s === 200)).toBe(true);
    const second = await registerGuests(apps[1]!, 21);
    expect(second.filter((s) => s === 200)).toHaveLength(20);
    expect(second[20]).toBe(429);

    // Cut: each instance enforces the limit on its own (never no limit). The waits above counted a
    // request or two in process before Redis was ready, so an instance lets through at most 60.
    proxy.cut();
    for (const app of apps) {
      const allowed = await spend(app, 60);
      expect(allowed).toBeGreaterThan(50);
      expect(allowed).toBeLessThanOrEqual(60);
    }
    // Nothing reached Redis meanwhile: its count is still the shared one from before the cut.
    expect(Number(await redis.get(REGISTER_KEY))).toBe(61);

    // Back: both instances count in Redis again, one budget for both.
    proxy.restore();
    for (const app of apps) await countedInRedis(app);
    await clearCounts();
    expect((await registerGuests(apps[1]!, 40)).every((s) => s === 200)).toBe(true);
    const first = await registerGuests(apps[0]!, 21);
    expect(first.filter((s) => s === 200)).toHaveLength(20);
    expect(first[20]).toBe(429);

    // Hung (connections open, no answers): a request waits at most the command timeout, then counts in
    // process; the in-process budget is already spent from the cut, so it is refused, not let through.
    proxy.hang();
    const startedAt = Date.now();
    expect(await registerGuests(apps[0]!, 3)).toEqual([429, 429, 429]);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    proxy.restore();
    for (const app of apps) await countedInRedis(app);
  });
});

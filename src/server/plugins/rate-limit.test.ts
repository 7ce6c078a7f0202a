import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('rate limits when Redis is unreachable', () => {
  let app: Started;
  beforeAll(async () => {
    // Port 1 refuses connections at once: the limits fail open rather than fail the request.
    app = await startTestApp('pglite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => app.close());

  it('still answers every request', async () => {
    const statuses = await registerGuests(app, 5);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

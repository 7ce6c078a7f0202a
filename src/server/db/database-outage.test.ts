import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../tests/support/tcp-proxy';
import { waitFor } from '../../../tests/support/wait-for';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Problem } from '../../shared/schemas/problem';
import { isDatabaseUnavailable } from '../lib/database-errors';

// An outage of an embedded database is the process's own: this is PostgreSQL's (CI sets TEST_DATABASE_URL).
const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(postgresUrl))('PostgreSQL slow or gone (Kuda reaches it through a TCP proxy)', () => {
  let proxy: TcpProxy;
  let t: TestApp & { close: () => Promise<void> };
  let token = '';

  beforeAll(async () => {
    const target = new URL(postgresUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await startTestApp('postgres', { through: (url) => proxy.through(url), env: { DATABASE_STATEMENT_TIMEOUT_MS: '1000' } });
    token = await t.guestToken();
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  // A listing with words nobody asked for before: the public reads' in-memory response cache cannot answer
  // it, and its words are matched in SQL (a search with no match can be answered from the search index's
  // memory alone, catalog/search-index.ts, so it is no probe of the database).
  let searches = 0;
  const events = () => t.json<Problem>('GET', `/api/v1/events?q=jazz${(searches += 1)}`, { token });
  const health = () => t.json<Problem>('GET', '/api/v1/health');
  const expectUnavailable = (res: { status: number; body: Problem; headers: Headers }) => {
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  };
  const recovered = () =>
    waitFor('the API to answer again', async () => (await health()).status === 200 && (await events()).status === 200);

  it('answers 503 with Retry-After while PostgreSQL is gone, and 200 again once it is back, without a restart', async () => {
    expect((await events()).status).toBe(200);
    proxy.cut();
    const during = await events();
    expectUnavailable(during);
    expect(during.body.code).toBe('service_unavailable');
    expectUnavailable(await health());
    proxy.restore();
    await recovered();
  });

  it('answers 503 within the timeouts while PostgreSQL hangs (connections open, nothing answers), then recovers', async () => {
    expect((await events()).status).toBe(200);
    proxy.hang();
    const startedAt = Date.now();
    const [during, ready] = await Promise.all([events(), health()]);
    // Statement timeout 1 s + the driver's 5 s margin, or 5 s to connect: well inside 15 s.
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expectUnavailable(during);
    expectUnavailable(ready);
    proxy.restore();
    await recovered();
  });

  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS, as a 503 cause', async () => {
    const error = await t.services.database.exec('SELECT pg_sleep(3)').then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect((error as { code?: string } | undefined)?.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { decideToken } from './token-table';
import { createMemoryStorage } from './token-storage';
import { base64Url, expiredAccess, expiredRefresh, FakeLocks, fakeServer, HOUR, json, jwt, NOW_SECONDS, problemResponse, setup, store, tick, validAccess, validRefresh } from '../test-support/api-client-kit';

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
});

// ---------------------------------------------------------------------------------------------------

describe('token table before every call (spec §4)', () => {
  it('with no access token stored, requests a guest token set and uses it', async () => {
    const { client, server, storage } = setup();
    const result = await client.get('/users/get_user');

    expect(result.ok).toBe(true);
    const [register, call] = server.calls;
    expect(register?.method).toBe('POST');
    expect(register?.path).toBe('/api/v1/auth/register');
    expect(register?.body).toEqual({ auth: 'client' });
    expect(register?.headers.authorization).toBeUndefined();
    expect(call?.path).toBe('/api/v1/users/get_user');
    expect(server.bearer(call)).toBe(storage.getItem('accessToken'));
    expect(server.bearer(call)).toContain(
      base64Url(JSON.stringify({ sub: 'guest-access-1', exp: NOW_SECONDS + HOUR })),
    );
  });

  it('with access and refresh both expired, requests a guest token set', async () => {
    const { client, server, storage } = setup();
    store(storage, expiredAccess(), expiredRefresh());
    await client.get('/events');

    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/register']);
    expect(server.bearer(server.apiCalls()[0])).toBe(storage.getItem('accessToken'));
  });

  it('with access expired and refresh valid, refreshes using the stored refresh token', async () => {
    const { client, server, storage } = setup();
    const refresh = validRefresh('my-refresh');
    store(storage, expiredAccess(), refresh);
    await client.get('/events');

    const tokenCalls = server.tokenCalls();
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.path).toBe('/api/v1/auth/refresh_token');
    expect(tokenCalls[0]?.body).toEqual({ refreshToken: refresh });
    expect(server.bearer(server.apiCalls()[0])).toBe(storage.getItem('accessToken'));
    expect(storage.getItem('accessToken')).toContain(
      base64Url(JSON.stringify({ sub: 'refreshed-access-1', exp: NOW_SECONDS + HOUR })),
    );
  });

  it('with access valid and a refresh token present, uses the stored access token without any token call', async () => {
    const { client, server, storage } = setup();
    const access = validAccess();
    store(storage, access, validRefresh());
    await client.get('/events');

    expect(server.tokenCalls()).toHaveLength(0);
    expect(server.bearer(server.calls[0])).toBe(access);
  });

  it('with access valid but no refresh token, requests a guest token set', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), null);
    await client.get('/events');

    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/register']);
  });

  it('with an unreadable (garbage) access token, requests a guest token set', async () => {
    const { client, server, storage } = setup();
    store(storage, 'not-a-jwt', validRefresh());
    await client.get('/events');

    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/register']);
    expect(storage.getItem('accessToken')).not.toBe('not-a-jwt');
  });

  it('with access expired and the refresh token missing or unreadable, requests a guest token set', async () => {
    for (const refresh of [null, 'garbage']) {
      const { client, server, storage } = setup();
      store(storage, expiredAccess(), refresh);
      await client.get('/events');
      expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/register']);
    }
  });

  it('decideToken answers every row of the table', () => {
    const now = NOW_SECONDS;
    expect(decideToken({ access: null, refresh: null }, now)).toEqual({ action: 'guest' });
    expect(decideToken({ access: expiredAccess(), refresh: expiredRefresh() }, now)).toEqual({ action: 'guest' });
    expect(decideToken({ access: expiredAccess(), refresh: validRefresh('r') }, now)).toEqual({
      action: 'refresh',
      refresh: validRefresh('r'),
    });
    expect(decideToken({ access: validAccess('a'), refresh: validRefresh() }, now)).toEqual({
      action: 'use',
      access: validAccess('a'),
    });
    expect(decideToken({ access: validAccess(), refresh: null }, now)).toEqual({ action: 'guest' });
    expect(decideToken({ access: 'garbage', refresh: validRefresh() }, now)).toEqual({ action: 'guest' });
  });
});

describe('expiry is compared with the current time in seconds', () => {
  it('an access token whose exp equals the current second counts as expired', async () => {
    // 999 ms into the second: floor(now / 1000) === exp, which is expired.
    const { client, server, storage } = setup({ nowMs: NOW_SECONDS * 1000 + 999 });
    store(storage, jwt(NOW_SECONDS, 'edge'), validRefresh());
    await client.get('/events');

    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/refresh_token']);
  });

  it('an access token whose exp is one second after now is valid', async () => {
    const { client, server, storage } = setup({ nowMs: NOW_SECONDS * 1000 + 999 });
    const access = jwt(NOW_SECONDS + 1, 'edge');
    store(storage, access, validRefresh());
    await client.get('/events');

    expect(server.tokenCalls()).toHaveLength(0);
    expect(server.bearer(server.calls[0])).toBe(access);
  });

  it('a refresh token whose exp equals the current second counts as expired', async () => {
    const { client, server, storage } = setup();
    store(storage, expiredAccess(), jwt(NOW_SECONDS, 'edge-refresh'));
    await client.get('/events');

    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/register']);
  });

  it('uses seconds, not milliseconds: a token valid for another minute is used as is', async () => {
    // Compared with milliseconds (1.7e12), any exp in seconds (1.7e9) would look long expired.
    const { client, server, storage } = setup();
    const access = jwt(NOW_SECONDS + 60, 'minute');
    store(storage, access, validRefresh());
    await client.get('/events');

    expect(server.tokenCalls()).toHaveLength(0);
    expect(server.bearer(server.calls[0])).toBe(access);
  });

  it('follows the injected clock: the same token expires once the clock passes its exp', async () => {
    const { client, server, storage, clock } = setup();
    store(storage, jwt(NOW_SECONDS + 10, 'short'), validRefresh());
    await client.get('/events');
    expect(server.tokenCalls()).toHaveLength(0);

    clock.ms += 10_000;
    await client.get('/events');
    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/refresh_token']);
  });
});

describe('one in-flight token acquisition', () => {
  it('10 concurrent calls with an expired access token send exactly one refresh and all use the new token', async () => {
    const { client, server, storage } = setup();
    store(storage, expiredAccess(), validRefresh());

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => client.get(`/events/${i}`)));

    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.tokenCalls()).toHaveLength(1);
    expect(server.tokenCalls()[0]?.path).toBe('/api/v1/auth/refresh_token');
    const newAccess = storage.getItem('accessToken');
    expect(newAccess).not.toBe(expiredAccess());
    const apiCalls = server.apiCalls();
    expect(apiCalls).toHaveLength(10);
    expect(apiCalls.every((call) => server.bearer(call) === newAccess)).toBe(true);
  });

  it('10 concurrent calls with no token register exactly one guest', async () => {
    const { client, server, storage } = setup();
    await Promise.all(Array.from({ length: 10 }, () => client.get('/events')));

    expect(server.tokenCalls()).toHaveLength(1);
    expect(server.apiCalls().every((call) => server.bearer(call) === storage.getItem('accessToken'))).toBe(true);
  });

  it('a later call after the shared refresh settled uses the stored token without another token call', async () => {
    const { client, server, storage } = setup();
    store(storage, expiredAccess(), validRefresh());
    await Promise.all([client.get('/a'), client.get('/b')]);
    await client.get('/c');

    expect(server.tokenCalls()).toHaveLength(1);
  });
});

describe('across tabs (Web Locks)', () => {
  it('takes the lock named kuda-tokens while obtaining tokens, and not for a token used as is', async () => {
    const locks = new FakeLocks();
    const { client, storage } = setup({ locks });
    store(storage, expiredAccess(), validRefresh());
    await client.get('/events');
    expect(locks.names).toEqual(['kuda-tokens']);

    await client.get('/events');
    expect(locks.names).toEqual(['kuda-tokens']);
  });

  it('when another tab stored a fresh pair before we got the lock, uses it and sends no refresh', async () => {
    const locks = new FakeLocks();
    const { client, server, storage } = setup({ locks });
    store(storage, expiredAccess(), validRefresh());

    // "Another tab" holds the lock while it refreshes.
    let release: (() => void) | undefined;
    const otherTab = locks.request('kuda-tokens', () => new Promise<void>((resolve) => (release = resolve)));
    const pending = client.get('/users/get_user');
    await tick();
    expect(server.calls).toHaveLength(0); // waiting for the lock

    const fresh = { access: validAccess('other-tab-access'), refresh: validRefresh('other-tab-refresh') };
    store(storage, fresh.access, fresh.refresh);
    release?.();
    await otherTab;
    const result = await pending;

    expect(result.ok).toBe(true);
    expect(server.tokenCalls()).toHaveLength(0);
    expect(server.bearer(server.calls[0])).toBe(fresh.access);
  });

  it('two tabs with the same expired token share one refresh through the lock', async () => {
    const locks = new FakeLocks();
    const storage = createMemoryStorage();
    const server = fakeServer();
    const tabA = setup({ locks, storage, server }).client;
    const tabB = setup({ locks, storage, server }).client;
    store(storage, expiredAccess(), validRefresh());

    await Promise.all([tabA.get('/a'), tabB.get('/b'), tabA.get('/c'), tabB.get('/d')]);

    expect(server.tokenCalls()).toHaveLength(1);
    const access = storage.getItem('accessToken');
    expect(server.apiCalls().every((call) => server.bearer(call) === access)).toBe(true);
  });

  it('without a LockManager, still shares one refresh within the tab', async () => {
    const { client, server, storage } = setup({ locks: null });
    store(storage, expiredAccess(), validRefresh());
    await Promise.all([client.get('/a'), client.get('/b')]);

    expect(server.tokenCalls()).toHaveLength(1);
  });
});

describe('refresh failure', () => {
  it('a refused refresh (401) falls back to a guest token set and sets loggedIn to false', async () => {
    const onSessionChange = vi.fn();
    const { client, server, storage } = setup({ onSessionChange });
    store(storage, expiredAccess(), validRefresh());
    storage.setItem('loggedIn', 'true');
    server.on('POST /api/v1/auth/refresh_token', () => problemResponse(401, 'refresh_token_invalid'));

    const result = await client.get('/events');

    expect(result.ok).toBe(true);
    expect(server.tokenCalls().map((call) => call.path)).toEqual([
      '/api/v1/auth/refresh_token',
      '/api/v1/auth/register',
    ]);
    expect(storage.getItem('loggedIn')).toBe('false');
    expect(client.isLoggedIn()).toBe(false);
    expect(onSessionChange).toHaveBeenCalledWith(false);
    expect(server.bearer(server.apiCalls()[0])).toBe(storage.getItem('accessToken'));
    expect(storage.getItem('accessToken')).toContain(
      base64Url(JSON.stringify({ sub: 'guest-access-1', exp: NOW_SECONDS + HOUR })),
    );
  });

  it('a transient refresh failure (503) keeps the tokens and returns the problem to the caller', async () => {
    const { client, server, storage } = setup();
    const tokens = { access: expiredAccess(), refresh: validRefresh() };
    store(storage, tokens.access, tokens.refresh);
    storage.setItem('loggedIn', 'true');
    server.on('POST /api/v1/auth/refresh_token', () => problemResponse(503, 'unavailable'));

    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, status: 503, problem: { code: 'unavailable' } });
    expect(server.apiCalls()).toHaveLength(0);
    expect(storage.getItem('refreshToken')).toBe(tokens.refresh);
    expect(storage.getItem('loggedIn')).toBe('true');
  });
});

describe('storage', () => {
  it('writes new tokens to storage under accessToken and refreshToken', async () => {
    const { client, storage } = setup();
    await client.get('/events');

    expect(storage.getItem('accessToken')).toBe(validAccess('guest-access-1'));
    expect(storage.getItem('refreshToken')).toBe(validRefresh('guest-refresh-1'));
    expect(storage.getItem('loggedIn')).toBe('false');
  });

  it('rejects a token answer without a pair and stores nothing', async () => {
    const { client, server, storage } = setup();
    server.on('POST /api/v1/auth/register', () => json({ token: 'x' }));
    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, problem: { code: 'invalid_response' } });
    expect(storage.getItem('accessToken')).toBeNull();
  });
});


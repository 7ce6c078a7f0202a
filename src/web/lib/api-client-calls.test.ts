// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiClient, ApiError, getApiClient, setApiClient } from './api-client';
import { createMemoryStorage } from './token-storage';
import { expiredAccess, fakeServer, json, NOW_SECONDS, problem, problemResponse, setup, store, validAccess, validRefresh } from '../test-support/api-client-kit';

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
});

// ---------------------------------------------------------------------------------------------------

describe('headers and URLs (spec §6, §7)', () => {
  it('every call sends the JSON content type, Accept JSON and the bearer token', async () => {
    const { client, server, storage } = setup();
    const access = validAccess();
    store(storage, access, validRefresh());
    await client.get('/users/get_user');
    await client.post('/users/edit_user', { first_name: 'Ana', last_name: 'Ilić' });

    for (const call of server.calls) {
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers.accept).toBe('application/json');
      expect(call.headers.authorization).toBe(`Bearer ${access}`);
    }
    expect(server.calls[1]?.body).toEqual({ first_name: 'Ana', last_name: 'Ilić' });
  });

  it('sends Accept-Language from the stored locale', async () => {
    const { client, server, storage } = setup();
    storage.setItem('locale', 'en');
    await client.get('/events');

    expect(server.calls.map((call) => call.headers['accept-language'])).toEqual(['en', 'en']);
  });

  it('sends Accept-Language sr when no (or an unsupported) locale is stored', async () => {
    const { client, server, storage } = setup();
    await client.get('/events');
    storage.setItem('locale', 'de');
    await client.get('/events');

    expect(server.calls.every((call) => call.headers['accept-language'] === 'sr')).toBe(true);
  });

  it('does not set Accept-Encoding (the browser owns it)', async () => {
    const { client, server } = setup();
    await client.get('/events');

    expect(server.calls.every((call) => call.headers['accept-encoding'] === undefined)).toBe(true);
  });

  it('resolves paths against /api/v1 and appends query parameters, skipping undefined ones', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    await client.get('/events', { query: { q: 'džez & blues', reservable: true, limit: 20, cursor: undefined } });
    await client.get('users/is_logged_in');

    expect(server.calls[0]?.url).toBe('/api/v1/events?q=d%C5%BEez+%26+blues&reservable=true&limit=20');
    expect(server.calls[1]?.url).toBe('/api/v1/users/is_logged_in');
  });

  it('honours a custom base URL', async () => {
    const server = fakeServer();
    const storage = createMemoryStorage();
    store(storage, validAccess(), validRefresh());
    const client = new ApiClient({
      baseUrl: 'https://kuda.example/api/v1/',
      fetch: server.fetch,
      storage,
      locks: null,
      now: () => NOW_SECONDS * 1000,
    });
    await client.get('/events');

    expect(server.calls[0]?.url).toBe('https://kuda.example/api/v1/events');
  });

  it('a write without a body sends {} (an empty JSON body is refused by the server); a GET sends none', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    await client.post('/users/resend_otp_code');
    await client.get('/events');

    expect(server.calls[0]?.body).toEqual({});
    expect(server.calls[1]?.body).toBeUndefined();
  });
});

describe('errors (spec §8)', () => {
  it('a non-OK answer is logged with method, path, status and code, and its problem is returned to the caller', async () => {
    const onProblem = vi.fn();
    const { client, server, storage } = setup({ onProblem });
    store(storage, validAccess(), validRefresh());
    const body = problem(503, 'service_unavailable', 'Try again in a moment.');
    server.on('POST /api/v1/reservations', () => json(body, 503, 'application/problem+json'));

    const result = await client.post('/reservations', { event_id: 'e1', party_size: 2 });

    expect(result).toEqual({ ok: false, status: 503, problem: body });
    expect(consoleError).toHaveBeenCalledTimes(1);
    const message = String(consoleError.mock.calls[0]?.[0]);
    expect(message).toContain('POST');
    expect(message).toContain('/reservations');
    expect(message).toContain('503');
    expect(message).toContain('service_unavailable');
    expect(onProblem).toHaveBeenCalledWith(body);
  });

  it.each([
    { status: 400, code: 'code_invalid', expected: true },
    { status: 401, code: 'invalid_credentials', expected: true },
    { status: 409, code: 'already_reserved', expected: true },
    { status: 429, code: 'rate_limited', expected: true },
    { status: 400, code: 'malformed_body', expected: false },
    { status: 404, code: 'route_not_found', expected: false },
    { status: 500, code: 'internal', expected: false },
  ])('a $status $code refusal is a console error only when the app did not expect it ($expected)', async ({ status, code, expected }) => {
    const consoleInfo = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const onProblem = vi.fn();
    const { client, server, storage } = setup({ onProblem });
    store(storage, validAccess(), validRefresh());
    const body = problem(status, code, 'detail');
    server.on('POST /api/v1/users/verify_phone', () => json(body, status, 'application/problem+json'));

    const result = await client.post('/users/verify_phone', { code: '000000' });

    expect(result).toEqual({ ok: false, status, problem: body });
    // Spec §8: logged either way, and handed to onProblem either way.
    expect(expected ? consoleInfo : consoleError).toHaveBeenCalledWith(expect.stringContaining(`${status} ${code}`), body);
    expect(expected ? consoleError : consoleInfo).not.toHaveBeenCalled();
    expect(onProblem).toHaveBeenCalledWith(body);
    consoleInfo.mockRestore();
  });

  it('an OK answer is returned as data with its status, and nothing is logged', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    server.on('POST /api/v1/users/resend_otp_code', () => new Response(null, { status: 202 }));
    server.on('GET /api/v1/users/is_logged_in', () => json({ logged_in: true }));

    expect(await client.get<{ logged_in: boolean }>('/users/is_logged_in')).toEqual({
      ok: true,
      status: 200,
      data: { logged_in: true },
    });
    expect(await client.post('/users/resend_otp_code')).toEqual({ ok: true, status: 202, data: null });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a non-JSON error body becomes a problem with code http_<status>', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    server.on(
      'GET /api/v1/events',
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );

    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, status: 502, problem: { code: 'http_502', status: 502 } });
    expect(consoleError).toHaveBeenCalled();
  });

  it('a network failure resolves to ok false with status 0 and code network, never throwing', async () => {
    const onProblem = vi.fn();
    const { client, server, storage } = setup({ onProblem });
    store(storage, validAccess(), validRefresh());
    server.on('GET /api/v1/events', () => {
      throw new TypeError('Failed to fetch');
    });

    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, status: 0, problem: { code: 'network', status: 0 } });
    expect(consoleError).toHaveBeenCalled();
    expect(onProblem).toHaveBeenCalledWith(expect.objectContaining({ code: 'network' }));
  });

  it('when no token can be obtained (server unreachable), the call resolves to the network problem', async () => {
    const { client, server } = setup();
    server.on('POST /api/v1/auth/register', () => {
      throw new TypeError('Failed to fetch');
    });

    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, status: 0, problem: { code: 'network' } });
    expect(server.apiCalls()).toHaveLength(0);
    await expect(client.getAccessToken()).rejects.toBeInstanceOf(ApiError);
  });

  it('an aborted call resolves to code aborted without logging or onProblem', async () => {
    const onProblem = vi.fn();
    const { client, server, storage } = setup({ onProblem });
    store(storage, validAccess(), validRefresh());
    server.on('GET /api/v1/events', () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const controller = new AbortController();
    controller.abort();

    const result = await client.get('/events', { signal: controller.signal });

    expect(result).toMatchObject({ ok: false, status: 0, problem: { code: 'aborted' } });
    expect(onProblem).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('401 token_invalid (revoked session)', () => {
  it('clears the tokens, obtains a guest set, sets loggedIn false and retries the call once', async () => {
    const onSessionChange = vi.fn();
    const { client, server, storage } = setup({ onSessionChange });
    const revoked = validAccess('revoked');
    store(storage, revoked, validRefresh());
    storage.setItem('loggedIn', 'true');
    server.on('GET /api/v1/users/get_user', (call) =>
      server.bearer(call) === revoked ? problemResponse(401, 'token_invalid') : json({ user: null }),
    );

    const result = await client.get('/users/get_user');

    expect(result).toEqual({ ok: true, status: 200, data: { user: null } });
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/v1/users/get_user',
      '/api/v1/auth/register',
      '/api/v1/users/get_user',
    ]);
    expect(server.bearer(server.calls[2])).toBe(validAccess('guest-access-1'));
    expect(storage.getItem('accessToken')).toBe(validAccess('guest-access-1'));
    expect(storage.getItem('loggedIn')).toBe('false');
    expect(onSessionChange).toHaveBeenCalledWith(false);
    // A lapsed session the client renews by itself is no error.
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('retries only once: a second token_invalid is returned to the caller', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    server.on('GET /api/v1/events', () => problemResponse(401, 'token_invalid'));

    const result = await client.get('/events');

    expect(result).toMatchObject({ ok: false, status: 401, problem: { code: 'token_invalid' } });
    expect(server.apiCalls()).toHaveLength(2);
    expect(server.tokenCalls()).toHaveLength(1);
  });

  it('concurrent calls refused with the same token share one guest registration', async () => {
    const { client, server, storage } = setup();
    const revoked = validAccess('revoked');
    store(storage, revoked, validRefresh());
    server.on('GET /api/v1/events', (call) =>
      server.bearer(call) === revoked ? problemResponse(401, 'token_invalid') : json([]),
    );

    const results = await Promise.all(Array.from({ length: 5 }, () => client.get('/events')));

    expect(results.every((result) => result.ok)).toBe(true);
    expect(server.tokenCalls()).toHaveLength(1);
  });

  it('a 401 with another code (a guest on a user-only call) is returned without a retry', async () => {
    const { client, server, storage } = setup();
    store(storage, validAccess(), validRefresh());
    server.on('GET /api/v1/users/get_user', () => problemResponse(401, 'unauthorized'));

    const result = await client.get('/users/get_user');

    expect(result).toMatchObject({ ok: false, status: 401, problem: { code: 'unauthorized' } });
    expect(server.calls).toHaveLength(1);
  });
});

describe('explicit token (spec §7, is_eligible_for_reservation)', () => {
  it('uses the given token as is, without running the token table', async () => {
    const { client, server } = setup();
    const result = await client.get('/users/is_eligible_for_reservation', { token: 'explicit-token' });

    expect(result.ok).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers.authorization).toBe('Bearer explicit-token');
  });

  it('does not clear the stored tokens or retry when the explicit token is refused', async () => {
    const { client, server, storage } = setup();
    const access = validAccess();
    store(storage, access, validRefresh());
    server.on('GET /api/v1/users/is_eligible_for_reservation', () => problemResponse(401, 'token_invalid'));

    const result = await client.get('/users/is_eligible_for_reservation', { token: 'explicit-token' });

    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(server.calls).toHaveLength(1);
    expect(storage.getItem('accessToken')).toBe(access);
  });
});

describe('sign in and sign out (spec §4)', () => {
  it('signIn stores both tokens and sets loggedIn to true', () => {
    const onSessionChange = vi.fn();
    const { client, storage } = setup({ onSessionChange });
    const pair = { access_token: validAccess('user-access'), refresh_token: validRefresh('user-refresh') };

    client.signIn(pair);

    expect(storage.getItem('accessToken')).toBe(pair.access_token);
    expect(storage.getItem('refreshToken')).toBe(pair.refresh_token);
    expect(storage.getItem('loggedIn')).toBe('true');
    expect(client.isLoggedIn()).toBe(true);
    expect(onSessionChange).toHaveBeenCalledWith(true);
  });

  it('signOut removes both tokens, then fetches a guest token set, and sets loggedIn to false', async () => {
    const onSessionChange = vi.fn();
    const { client, server, storage } = setup({ onSessionChange });
    client.signIn({ access_token: validAccess('user-access'), refresh_token: validRefresh('user-refresh') });
    let storedWhenRegistering: (string | null)[] = [];
    server.on('POST /api/v1/auth/register', () => {
      storedWhenRegistering = [storage.getItem('accessToken'), storage.getItem('refreshToken')];
      return json({ access_token: validAccess('guest-after-logout'), refresh_token: validRefresh('guest-refresh') });
    });

    await client.signOut();

    expect(storedWhenRegistering).toEqual([null, null]);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/v1/auth/register']);
    expect(storage.getItem('accessToken')).toBe(validAccess('guest-after-logout'));
    expect(storage.getItem('refreshToken')).toBe(validRefresh('guest-refresh'));
    expect(storage.getItem('loggedIn')).toBe('false');
    expect(client.isLoggedIn()).toBe(false);
    expect(onSessionChange).toHaveBeenLastCalledWith(false);
  });

  it('a refresh still in flight when the user signs in does not overwrite the new tokens', async () => {
    const { client, storage } = setup();
    store(storage, expiredAccess(), validRefresh());
    const pending = client.get('/events'); // starts a refresh (answered after a tick)
    const pair = { access_token: validAccess('user-access'), refresh_token: validRefresh('user-refresh') };
    client.signIn(pair);
    await pending;

    expect(storage.getItem('accessToken')).toBe(pair.access_token);
    expect(storage.getItem('loggedIn')).toBe('true');
  });

  it('getAccessToken runs the token table', async () => {
    const { client, server, storage } = setup();
    store(storage, expiredAccess(), validRefresh());

    const token = await client.getAccessToken();

    expect(token).toBe(storage.getItem('accessToken'));
    expect(server.tokenCalls().map((call) => call.path)).toEqual(['/api/v1/auth/refresh_token']);
  });
});

describe('getApiClient', () => {
  afterEach(() => {
    setApiClient(null);
    window.localStorage.clear();
  });

  it('lazily creates one browser-wide client over localStorage', () => {
    const client = getApiClient();
    expect(getApiClient()).toBe(client);

    client.signIn({ access_token: 'a', refresh_token: 'r' });
    expect(window.localStorage.getItem('accessToken')).toBe('a');
    expect(window.localStorage.getItem('loggedIn')).toBe('true');
  });

  it('can be replaced (tests, start-up wiring)', () => {
    const custom = new ApiClient({ storage: createMemoryStorage(), locks: null });
    setApiClient(custom);
    expect(getApiClient()).toBe(custom);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import { ApiClient, ApiError, decideToken, getApiClient, setApiClient, type TokenLockManager } from './api-client';
import { createMemoryStorage } from './token-storage';

// ---------------------------------------------------------------------------------------------------
// Test kit: a fake clock, unsigned JWT-shaped tokens, a fake server behind a recording fetch, fake locks.
// ---------------------------------------------------------------------------------------------------

const NOW_SECONDS = 1_700_000_000;

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A JWT-shaped token (the client never verifies signatures, it only reads exp). */
function jwt(exp: number, id: string): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ sub: id, exp }))}.sig-${id}`;
}

const HOUR = 3_600;
const validAccess = (id = 'stored-access') => jwt(NOW_SECONDS + HOUR, id);
const validRefresh = (id = 'stored-refresh') => jwt(NOW_SECONDS + 30 * 24 * HOUR, id);
const expiredAccess = (id = 'old-access') => jwt(NOW_SECONDS - 60, id);
const expiredRefresh = (id = 'old-refresh') => jwt(NOW_SECONDS - 60, id);

interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

function json(body: unknown, status = 200, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

function problem(status: number, code: string, detail = `detail for ${code}`): Problem {
  return { type: `https://kuda.example/problems/${code}`, title: code, status, detail, code };
}

function problemResponse(status: number, code: string): Response {
  return json(problem(status, code), status, 'application/problem+json');
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A fake Kuda API. Token endpoints issue fresh pairs (guest-N / refreshed-N) valid from the fake clock;
 * every other path answers {ok: true}. Handlers can be overridden per "METHOD path".
 */
function fakeServer() {
  const calls: RecordedCall[] = [];
  const handlers = new Map<string, Handler>();
  let issued = 0;
  const issue = (kind: string) => {
    issued += 1;
    return {
      access_token: validAccess(`${kind}-access-${issued}`),
      refresh_token: validRefresh(`${kind}-refresh-${issued}`),
    };
  };
  handlers.set('POST /api/v1/auth/register', () => json(issue('guest')));
  handlers.set('POST /api/v1/auth/refresh_token', async () => {
    await tick(); // a real round trip: callers arriving meanwhile must wait for this one
    return json(issue('refreshed'));
  });

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const rawBody = init?.body;
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url,
      path: url.split('?')[0] ?? url,
      headers,
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : undefined,
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`);
    return handler ? handler(call) : json({ ok: true });
  };

  return {
    calls,
    fetch: vi.fn(fetchImpl) as typeof fetch,
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    tokenCalls: () => calls.filter((call) => call.path.startsWith('/api/v1/auth/')),
    apiCalls: () => calls.filter((call) => !call.path.startsWith('/api/v1/auth/')),
    bearer: (call: RecordedCall | undefined) => call?.headers.authorization?.replace(/^Bearer /, ''),
  };
}

/** A tiny in-memory LockManager: callbacks for the same name run one after another, like navigator.locks. */
class FakeLocks implements TokenLockManager {
  readonly names: string[] = [];
  private readonly tails = new Map<string, Promise<unknown>>();

  request<T>(name: string, callback: (lock: Lock | null) => T): Promise<T> {
    this.names.push(name);
    const previous = this.tails.get(name) ?? Promise.resolve();
    const run = previous.then(() => callback(null));
    this.tails.set(
      name,
      run.catch(() => undefined),
    );
    return run as Promise<T>;
  }
}

interface Setup {
  storage?: Storage;
  server?: ReturnType<typeof fakeServer>;
  locks?: TokenLockManager | null;
  nowMs?: number;
  onProblem?: (problem: Problem) => void;
  onSessionChange?: (loggedIn: boolean) => void;
}

function setup(options: Setup = {}) {
  const storage = options.storage ?? createMemoryStorage();
  const server = options.server ?? fakeServer();
  const clock = { ms: options.nowMs ?? NOW_SECONDS * 1000 };
  const client = new ApiClient({
    storage,
    fetch: server.fetch,
    now: () => clock.ms,
    locks: options.locks ?? null,
    onProblem: options.onProblem,
    onSessionChange: options.onSessionChange,
  });
  return { client, storage, server, clock };
}

function store(storage: Storage, access: string | null, refresh: string | null) {
  if (access === null) storage.removeItem('accessToken');
  else storage.setItem('accessToken', access);
  if (refresh === null) storage.removeItem('refreshToken');
  else storage.setItem('refreshToken', refresh);
}

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
    const body = problem(409, 'already_reserved', 'Već ste rezervisali ovaj događaj.');
    server.on('POST /api/v1/reservations', () => json(body, 409, 'application/problem+json'));

    const result = await client.post('/reservations', { event_id: 'e1', party_size: 2 });

    expect(result).toEqual({ ok: false, status: 409, problem: body });
    expect(consoleError).toHaveBeenCalledTimes(1);
    const message = String(consoleError.mock.calls[0]?.[0]);
    expect(message).toContain('POST');
    expect(message).toContain('/reservations');
    expect(message).toContain('409');
    expect(message).toContain('already_reserved');
    expect(onProblem).toHaveBeenCalledWith(body);
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

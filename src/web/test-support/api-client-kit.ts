import { vi } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import { ApiClient, type TokenLockManager } from '../lib/api-client';
import { createMemoryStorage } from '../lib/token-storage';

// ---------------------------------------------------------------------------------------------------
// API client test kit: a fake clock, unsigned JWT-shaped tokens, a fake server behind a recording fetch, fake locks.
// ---------------------------------------------------------------------------------------------------

export const NOW_SECONDS = 1_700_000_000;

export function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A JWT-shaped token (the client never verifies signatures, it only reads exp). */
export function jwt(exp: number, id: string): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify({ sub: id, exp }))}.sig-${id}`;
}

export const HOUR = 3_600;
export const validAccess = (id = 'stored-access') => jwt(NOW_SECONDS + HOUR, id);
export const validRefresh = (id = 'stored-refresh') => jwt(NOW_SECONDS + 30 * 24 * HOUR, id);
export const expiredAccess = (id = 'old-access') => jwt(NOW_SECONDS - 60, id);
export const expiredRefresh = (id = 'old-refresh') => jwt(NOW_SECONDS - 60, id);

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

export function problem(status: number, code: string, detail = `detail for ${code}`): Problem {
  return { type: `https://kuda.example/problems/${code}`, title: code, status, detail, code };
}

export function problemResponse(status: number, code: string): Response {
  return json(problem(status, code), status, 'application/problem+json');
}

export const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A fake Kuda API. Token endpoints issue fresh pairs (guest-N / refreshed-N) valid from the fake clock;
 * every other path answers {ok: true}. Handlers can be overridden per "METHOD path".
 */
export function fakeServer() {
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
export class FakeLocks implements TokenLockManager {
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

export interface Setup {
  storage?: Storage;
  server?: ReturnType<typeof fakeServer>;
  locks?: TokenLockManager | null;
  nowMs?: number;
  onProblem?: (problem: Problem) => void;
  onSessionChange?: (loggedIn: boolean) => void;
}

export function setup(options: Setup = {}) {
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

export function store(storage: Storage, access: string | null, refresh: string | null) {
  if (access === null) storage.removeItem('accessToken');
  else storage.setItem('accessToken', access);
  if (refresh === null) storage.removeItem('refreshToken');
  else storage.setItem('refreshToken', refresh);
}

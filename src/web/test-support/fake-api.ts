import type EnglishAccounts from '../../locales/en/accounts.json';
import type EnglishErrors from '../../locales/en/errors.json';
import type { Problem, ProblemExtensions } from '../../shared/schemas/problem';
import type { User } from '../../shared/schemas/users';
import { ApiClient, setApiClient } from '../lib/api-client';
import { createMemoryStorage } from '../lib/token-storage';
import { catalogue } from './render';

/** A fake Kuda API behind the real API client (token table included), and the accounts texts to compare with. */

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token valid for an hour (the client only reads `exp`). */
export function fakeJwt(id: string, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64Url(JSON.stringify({ alg: 'none' }))}.${base64Url(JSON.stringify({ sub: id, exp, ...claims }))}.sig`;
}

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function problemResponse(status: number, code: string, detail: string, errors?: Record<string, string[]>, extensions: ProblemExtensions = {}): Response {
  const problem: Problem = { type: `https://kuda.example/problems/${code}`, title: code, status, detail, code, ...(errors ? { errors } : {}), ...extensions };
  return new Response(JSON.stringify(problem), { status, headers: { 'content-type': 'application/problem+json' } });
}

export const USER: User = {
  id: 'u-1',
  email: 'ana@example.test',
  first_name: 'Ana',
  last_name: 'Petrović',
  name: 'Ana Petrović',
  phone_number: null,
  phone_verified: false,
  email_verified: true,
  role: 'user',
  locale: 'en',
  has_password: true,
  created_at: '2026-11-01T10:00:00.000Z',
};

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/** Installs a fake API as the browser client; routes are "METHOD /users/x" (relative to /api/v1). */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const handlers = new Map<string, Handler>(Object.entries(routes));
  let guests = 0;
  handlers.set('POST /auth/register', () => {
    guests += 1;
    return json({ access_token: fakeJwt(`guest-${guests}`), refresh_token: fakeJwt(`guest-refresh-${guests}`) });
  });
  const storage = createMemoryStorage();
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input).replace(/^\/api\/v1/, '').split('?')[0] ?? '';
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init?.headers).get('authorization'),
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${path}`);
    return handler ? handler(call) : problemResponse(404, 'route_not_found', `No fake for ${call.method} ${path}`);
  };
  const problems: Problem[] = [];
  setApiClient(new ApiClient({ fetch: fetchImpl, storage, locks: null, onProblem: (problem) => problems.push(problem) }));
  return {
    calls,
    storage,
    problems,
    on: (route: string, handler: Handler) => handlers.set(route, handler),
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

export const errorsText = catalogue.errors as unknown as typeof EnglishErrors;
export const accountsText = catalogue.accounts as unknown as typeof EnglishAccounts;

/** A fake API whose browser storage holds a signed-in user's tokens. */
export function signedInFakeApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(routes);
  api.storage.setItem('accessToken', fakeJwt('user'));
  api.storage.setItem('refreshToken', fakeJwt('user-refresh'));
  api.storage.setItem('loggedIn', 'true');
  return api;
}

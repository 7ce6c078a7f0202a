import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type EnglishAccounts from '../../../locales/en/accounts.json';
import type EnglishErrors from '../../../locales/en/errors.json';
import type { Catalogue } from '../../../shared/i18n-resources';
import type { Problem } from '../../../shared/schemas/problem';
import type { User } from '../../../shared/schemas/users';
import { AppDialog, AppSnackbar } from '../../components/app-feedback';
import { ApiClient, setApiClient } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { createMemoryStorage } from '../../lib/token-storage';

/**
 * Component-test kit for the accounts screens: the English catalogues, a memory router, the app's dialog
 * and snackbar, and a fake Kuda API behind the real API client (token table included).
 */

const english = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/en/*.json', { eager: true });
export const catalogue = Object.fromEntries(
  Object.entries(english).map(([path, module]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), module.default]),
) as Catalogue;

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

export function problemResponse(status: number, code: string, detail: string, errors?: Record<string, string[]>): Response {
  const problem: Problem = { type: `https://kuda.example/problems/${code}`, title: code, status, detail, code, ...(errors ? { errors } : {}) };
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

/** Renders `ui` at `path` with the English texts, the app's dialog and snackbar; other paths render their name. */
export function renderAt(ui: ReactElement, path = '/en/login') {
  const i18n = createI18n('en', catalogue);
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://x').pathname, element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
        <AppDialog />
        <AppSnackbar />
      </I18nextProvider>,
    ),
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

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, fakeJwt, json, USER } from '../test-support/fake-api';
import { useUserStore } from '../stores/user-store';
import { setApiClient } from './api-client';
import { checkSession, completeSignIn, problemMessage, signOut } from './session';

const t = (key: string) => `t(${key})`;
const problem = (code: string, detail = 'Server detail') => ({ type: 'about:blank', title: code, status: 400, detail, code });

beforeEach(() => useUserStore.setState({ user: null, loggedIn: false, checked: false }));
afterEach(() => setApiClient(null));

describe('problemMessage', () => {
  it('shows the server’s translated detail', () => {
    expect(problemMessage(problem('invalid_credentials', 'Wrong e-mail or password.'), t)).toBe('Wrong e-mail or password.');
  });

  it.each(['http_502', 'invalid_response'])('replaces the client’s own English text for %s', (code) => {
    expect(problemMessage(problem(code, 'HTTP 502'), t)).toBe('t(accounts:problem.generic)');
  });

  it('says the server is unreachable for network failures', () => {
    expect(problemMessage(problem('network', 'Network error: fetch failed'), t)).toBe('t(accounts:problem.network)');
  });
});

describe('the session', () => {
  it('on start asks the server, sets the flag to its answer and loads the user (spec §4)', async () => {
    const api = fakeApi({ 'GET /users/is_logged_in': () => json({ logged_in: true }), 'GET /users/get_user': () => json({ user: USER }) });
    await checkSession();
    expect(useUserStore.getState()).toMatchObject({ loggedIn: true, user: USER, checked: true });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /auth/register', 'GET /users/is_logged_in', 'GET /users/get_user']);
  });

  it('a guest is told so and nothing else is asked', async () => {
    const api = fakeApi({ 'GET /users/is_logged_in': () => json({ logged_in: false }) });
    await checkSession();
    expect(useUserStore.getState()).toMatchObject({ loggedIn: false, user: null, checked: true });
    expect(api.callsTo('GET /users/get_user')).toHaveLength(0);
  });

  it('ignores a start-up answer that arrives after a sign-in completed', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeApi({ 'GET /users/is_logged_in': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const check = checkSession();
    await new Promise((resolve) => setTimeout(resolve, 10));
    completeSignIn({ access_token: fakeJwt('a'), refresh_token: fakeJwt('r'), user: USER });
    answer(json({ logged_in: false }));
    await check;
    expect(useUserStore.getState()).toMatchObject({ loggedIn: true, user: USER });
  });

  it('signs out on the server first, then drops the tokens and fetches a guest token (spec §4)', async () => {
    const api = fakeApi({ 'POST /users/logout': () => new Response(null, { status: 204 }) });
    const access = fakeJwt('user');
    completeSignIn({ access_token: access, refresh_token: fakeJwt('user-refresh'), user: USER });
    await signOut();
    const logout = api.callsTo('POST /users/logout')[0];
    expect(logout?.authorization).toBe(`Bearer ${access}`);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /users/logout', 'POST /auth/register']);
    expect(api.storage.getItem('loggedIn')).toBe('false');
    expect(api.storage.getItem('accessToken')).not.toBe(access);
    expect(useUserStore.getState()).toMatchObject({ loggedIn: false, user: null });
  });
});

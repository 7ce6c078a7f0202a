import { type BrowserContext, type Page, test } from '@playwright/test';
import { clientHeaders } from './client-address';
import type { Locale } from './texts';
import { DAY_MS } from '../../../src/shared/constants';

/** Accounts for the journeys: names nobody else in the run uses, and the API for what a journey takes as given. */

export interface Pair {
  access_token: string;
  refresh_token: string;
}

let uniqueCounter = 0;
/** A token no other test, worker or run uses. */
export function unique(): string {
  uniqueCounter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${uniqueCounter}${Math.floor(Math.random() * 1e4)}`;
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${unique()}@example.test`;
}

/** A Serbian mobile number nobody else in this run uses (a verified number belongs to one account only): as a person types it, and in E.164. */
export function uniquePhone(): { typed: string; e164: string } {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `064 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+38164${rest}` };
}

export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('No baseURL');
  return url;
}

/** The API from the test itself, from this test's own client address (client-address.ts). */
export async function api<T>(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; locale?: Locale } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      ...clientHeaders(),
      'content-type': 'application/json',
      'accept-language': options.locale ?? 'en',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function expectOk<T>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The reservation fields of an organizer's event that the journeys choose by. */
export interface ReservableEvent {
  event_id: number;
  mode: 'instant' | 'approval';
  deadline: string;
}

/**
 * Every upcoming event of the organizer whose session `token` is. `GET /organizer/events` is paged (newest
 * start first, 50 a page unless asked), and the demo's far end moves with the time of day: a journey that
 * read only the first page found ten instant events there at one hour and nine at another.
 */
export async function upcomingOrganizerEvents<T>(token: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const path = `/organizer/events?upcoming=true&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: { items: T[]; next_cursor: string | null } = await expectOk(api('GET', path, { token }), 'organizer events');
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/**
 * The organizer's upcoming events of `mode` whose reservation deadline is at least a day away, by id: what a
 * journey may reserve without the deadline passing under it.
 */
export async function reservableOrganizerEvents<T extends ReservableEvent>(token: string, mode: ReservableEvent['mode']): Promise<T[]> {
  const dayAway = Date.now() + DAY_MS;
  return (await upcomingOrganizerEvents<T>(token)).filter((event) => event.mode === mode && Date.parse(event.deadline) > dayAway).sort((a, b) => a.event_id - b.event_id);
}

export async function guestToken(): Promise<string> {
  return (await expectOk(api<Pair>('POST', '/auth/register', { body: { auth: 'client' } }), 'guest token')).access_token;
}

export async function signIn(email: string, password: string): Promise<Pair> {
  return expectOk(api<Pair>('POST', '/users/email_password_login', { token: await guestToken(), body: { email, password } }), `sign-in of ${email}`);
}

/**
 * Starts every page of `target` signed in with `tokens`, as the app keeps a session (local storage), once per
 * tab: a test that signs out later is not signed in again by its next navigation.
 */
export async function seedSession(target: BrowserContext | Page, tokens: Pair): Promise<void> {
  await target.addInitScript((pair) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    localStorage.setItem('accessToken', pair.access_token);
    localStorage.setItem('refreshToken', pair.refresh_token);
    localStorage.setItem('loggedIn', 'true');
    sessionStorage.setItem('e2e-signed-in', '1');
  }, tokens);
}

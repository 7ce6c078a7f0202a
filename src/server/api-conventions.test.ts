import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../shared/schemas/problem';
import type { Reservation } from '../shared/schemas/reservations';
import { describeApi } from '../../tests/support/test-app';
import { createEvent, createOrganizer, createUser, type TestUser } from './reservations/reservations-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
/** A reservation or a problem: the fields either may carry. */
type Answer = Partial<Omit<Reservation, 'status' | 'code'>> & Partial<Omit<Problem, 'status' | 'code'>> & { status?: string | number; code?: string | null };

/** Writes `head` (and `body`) on a raw socket and reads the whole answer: for what fetch would refuse to send. */
function rawRequest(port: number, head: string, body = '', options: { endAfterWrite?: boolean } = {}): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${body}`);
      if (options.endAfterWrite) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    setTimeout(() => socket.end(), 1_500);
  });
}

describeApi('the API’s shared conventions', (t) => {
  let guest: TestUser;
  let organizer: TestUser;
  let eventId: number;
  const port = () => Number(new URL(t().baseUrl).port);
  const post = (path: string, token: string, body?: string, headers: Record<string, string> = {}) =>
    t()
      .http(`${API}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...en, ...headers }, body })
      .then(async (response) => ({ status: response.status, headers: response.headers, body: (await response.json()) as Answer }));
  const reserve = async (user: TestUser, note?: string) =>
    (await t().json<Answer>('POST', `${API}/reservations`, { token: user.token, body: { event_id: eventId, party_size: 1, note }, headers: en })).body;

  it('prepares a guest, an organizer and a reservable event of theirs', async () => {
    guest = await createUser(t().services);
    organizer = await createUser(t().services, { role: 'organizer' });
    eventId = await createEvent(t().services, { organizerId: await createOrganizer(t().services, [organizer.id]), capacity: 40 });
    expect(eventId).toBeGreaterThan(0);
  });

  describe('bodies: a JSON content type with an empty body is {} on every route', () => {
    it('cancels and confirms with an empty JSON body, and marks notifications read', async () => {
      const confirmed = await reserve(guest);
      const confirm = await post(`/reservations/${confirmed.id}/confirm`, guest.token, '');
      expect(confirm.status).toBe(200);
      expect(confirm.body.confirmed_at).toBeTruthy();
      const cancel = await post(`/reservations/${confirmed.id}/cancel`, guest.token, '');
      expect(cancel.status).toBe(200);
      expect(cancel.body.status).toBe('cancelled');
      const read = await post('/notifications/read', guest.token, '');
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ unread_count: 0 });
    });

    it('reads an empty body as {} where a field is needed: the field is named, the body is not "malformed"', async () => {
      const respond = await post('/reservations/1/respond', guest.token, '');
      expect(respond.status).toBe(400);
      expect(respond.body.code).toBe('validation_failed');
      expect(respond.body.errors).toEqual({ message: ['This field is required.'] });
    });

    it('refuses a field sent to a call that takes none, naming it', async () => {
      const reservation = await reserve(guest);
      const cancel = await post(`/reservations/${reservation.id}/cancel`, guest.token, '{"reason":"x"}');
      expect(cancel.status).toBe(400);
      expect(cancel.body.errors).toEqual({ reason: ['Unknown field.'] });
    });
  });

  describe('cache policy', () => {
    it('never lets a cache keep an API answer, tokens and problems included; only public catalogue reads opt in', async () => {
      const refresh = (await t().json<{ refresh_token: string }>('POST', `${API}/auth/register`, { body: { auth: 'client' } })).body.refresh_token;
      const table: [string, () => Promise<Response>, number, string][] = [
        ['POST /auth/register', () => t().http(`${API}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"auth":"client"}' }), 200, 'private, no-store'],
        ['POST /auth/refresh_token', () => t().http(`${API}/auth/refresh_token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: refresh }) }), 200, 'private, no-store'],
        ['GET /users/get_user', () => t().http(`${API}/users/get_user`, { headers: { authorization: `Bearer ${guest.token}` } }), 200, 'private, no-store'],
        ['GET /reservations', () => t().http(`${API}/reservations`, { headers: { authorization: `Bearer ${guest.token}` } }), 200, 'private, no-store'],
        ['GET /notifications', () => t().http(`${API}/notifications`, { headers: { authorization: `Bearer ${guest.token}` } }), 200, 'private, no-store'],
        ['GET /organizer/events', () => t().http(`${API}/organizer/events`, { headers: { authorization: `Bearer ${organizer.token}` } }), 200, 'private, no-store'],
        ['GET /health', () => t().http(`${API}/health`), 200, 'private, no-store'],
        ['GET /categories', () => t().http(`${API}/categories`, { headers: { authorization: `Bearer ${guest.token}` } }), 200, 'public, max-age=30, stale-while-revalidate=300'],
        ['GET /events/{id}', () => t().http(`${API}/events/${eventId}`, { headers: { authorization: `Bearer ${guest.token}` } }), 200, 'public, max-age=30, stale-while-revalidate=300'],
        ['GET /events/{unknown} (problem)', () => t().http(`${API}/events/999999999`, { headers: { authorization: `Bearer ${guest.token}` } }), 404, 'private, no-store'],
        ['GET /tags without a token (problem)', () => t().http(`${API}/tags`), 401, 'private, no-store'],
        ['GET /nope (problem)', () => t().http(`${API}/nope`, { headers: { authorization: `Bearer ${guest.token}` } }), 404, 'private, no-store'],
      ];
      for (const [name, send, status, policy] of table) {
        const response = await send();
        expect(response.status, name).toBe(status);
        expect(response.headers.get('cache-control'), name).toBe(policy);
      }
    });
  });

  describe('errors', () => {
    it('refuses a malformed cursor on every list at the edge, in the request’s language', async () => {
      const lists: [string, TestUser][] = [
        ['/events', guest],
        ['/reservations', guest],
        ['/organizer/reservations', organizer],
        ['/notifications', guest],
      ];
      // Not base64url; not a cursor of this API; an id-only cursor where a dated one is needed; a zero id.
      for (const cursor of ['zzz!', 'aW52YWxpZA', 'MTI', 'MA']) {
        for (const [path, user] of lists) {
          if (cursor === 'MTI' && path !== '/events') continue;
          for (const [lang, text] of [['en', 'Invalid value.'], ['sr', 'Neispravna vrednost.']] as const) {
            const { status, body } = await t().json<Answer>('GET', `${API}${path}?cursor=${cursor}`, { token: user.token, headers: { 'accept-language': lang } });
            expect(status, `${path} ${cursor}`).toBe(400);
            expect(body.code).toBe('validation_failed');
            expect(body.errors, `${path} ${cursor} ${lang}`).toEqual({ cursor: [text] });
          }
        }
      }
    });

    it('answers a URL Fastify cannot decode with a problem document and the security headers', async () => {
      const healthy = await t().http(`${API}/health`);
      const answer = await rawRequest(port(), `GET ${API}/events/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\nConnection: close`);
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(answer.body)).toMatchObject({ status: 400, code: 'malformed_url' });
      for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy', 'content-security-policy']) {
        expect(answer.headers[name], name).toBe(healthy.headers.get(name));
      }
    });

    it('answers oversized headers (431), a malformed Content-Length and a body shorter than announced (400) with problem documents and the security headers', async () => {
      const healthy = await t().http(`${API}/health`);
      const oversized = await rawRequest(port(), `GET ${API}/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20_000)}`);
      expect(oversized.status).toBe(431);
      expect(oversized.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(oversized.body)).toMatchObject({ status: 431, code: 'header_too_large' });
      const framing = await rawRequest(port(), `POST ${API}/auth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1x`, '{}');
      expect(framing.status).toBe(400);
      expect(JSON.parse(framing.body)).toMatchObject({ status: 400, code: 'malformed_request' });
      const short = await rawRequest(port(), `POST ${API}/auth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20`, '{}', { endAfterWrite: true });
      expect(short.status).toBe(400);
      expect(short.headers['content-type']).toContain('application/problem+json');
      expect(JSON.parse(short.body)).toMatchObject({ status: 400, code: 'malformed_request' });
      for (const answer of [oversized, framing, short]) {
        // The same headers as every other answer (baselineSecurityHeaders is helmet's, read once, and the API CSP).
        for (const [name, value] of healthy.headers) {
          if (/^(x-|referrer-policy|cross-origin|origin-agent|content-security|strict-transport)/.test(name) && name !== 'x-request-id') {
            expect(answer.headers[name], name).toBe(value);
          }
        }
      }
    });
  });

  describe('free text', () => {
    it('refuses a NUL or another control character in a note, an answer or a venue’s message with 400, the field named', async () => {
      for (const bad of ['\u0000', '\u001b[31m', '\u007f']) {
        const note = await t().json<Answer>('POST', `${API}/reservations`, {
          token: (await createUser(t().services)).token,
          body: { event_id: eventId, party_size: 1, note: `Near the stage${bad}` },
          headers: en,
        });
        expect(note.status).toBe(400);
        expect(note.body.errors).toEqual({ note: ['The text contains characters that are not allowed (control or invisible characters).'] });

        const respond = await t().json<Answer>('POST', `${API}/reservations/1/respond`, { token: guest.token, body: { message: `Yes${bad}` }, headers: en });
        expect(respond.status).toBe(400);
        expect(Object.keys(respond.body.errors ?? {})).toEqual(['message']);

        const reservation = await reserve(await createUser(t().services));
        const decision = await t().json<Answer>('POST', `${API}/organizer/reservations/${reservation.id}/decision`, {
          token: organizer.token,
          body: { status: 'action_needed', message: `Why?${bad}` },
          headers: en,
        });
        expect(decision.status).toBe(400);
        expect(Object.keys(decision.body.errors ?? {})).toEqual(['message']);
      }
    });

    it('keeps line breaks in a message of several lines', async () => {
      const reservation = await reserve(await createUser(t().services), 'Two of us.\r\nOne needs a chair.\n\tThanks');
      expect(reservation.note).toBe('Two of us.\r\nOne needs a chair.\n\tThanks');
    });

    it('refuses a control character in a search', async () => {
      const { status, body } = await t().json<Answer>('GET', `${API}/search?q=${encodeURIComponent('konc\u0000ert')}`, { token: guest.token, headers: en });
      expect(status).toBe(400);
      expect(Object.keys(body.errors ?? {})).toEqual(['q']);
    });
  });

  describe('ids', () => {
    it('takes a path or query id only in its one decimal spelling', async () => {
      const spellings = ['0x10', '+16', '1.6e1', '016', '%2016', '16%20', '-16', '0', '1e3', '99999999999999999999'];
      for (const id of spellings) {
        for (const path of [`/events/${id}`, `/venues/${id}`, `/reservations/${id}`, `/reservations/options?event_id=${id}`, `/events?venue=${id}`]) {
          const { status, body } = await t().json<Answer>('GET', `${API}${path}`, { token: guest.token, headers: en });
          expect(status, path).toBe(400);
          expect(body.code, path).toBe('validation_failed');
        }
      }
      expect((await t().json('GET', `${API}/events/${eventId}`, { token: guest.token })).status).toBe(200);
    });

    it('answers an id too large for its table as naming nothing (404, or an empty list), never 500', async () => {
      for (const path of ['/venues/99999999999', '/events/9007199254740991', '/reservations/9007199254740991']) {
        const { status } = await t().json('GET', `${API}${path}`, { token: guest.token });
        expect(status, path).toBe(404);
      }
      const venueFilter = await t().json<{ items: unknown[] }>('GET', `${API}/events?venue=99999999999`, { token: guest.token });
      expect(venueFilter.status).toBe(200);
      expect(venueFilter.body.items).toEqual([]);
    });
  });
});

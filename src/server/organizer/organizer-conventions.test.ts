import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from './organizer-events-test-kit';
import { createCities, createReservation, createWorkspace, type Workspace } from './organizer-team-fixtures';

/**
 * The organizer workspace and its images on the API's shared rules (STYLE 24): every answer is
 * `private, no-store` without a cache hook of its own, free text follows the one rule of zod.ts, ids and
 * cursors are read by the shared schemas, and a POST that carries no data takes the shared empty body.
 */
const API = '/api/v1';
const en = { 'accept-language': 'en' };
const NO_STORE = 'private, no-store';

describeApi('organizer: the API’s shared rules', (t) => {
  let w: Workspace;
  let f: OrganizerFixture;
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    t().json<Problem & Record<string, unknown>>(method, `${API}${path}`, { token, body, headers: en });
  const fieldsOf = (answer: { body: Problem }) => Object.keys(answer.body.errors ?? {});

  beforeAll(async () => {
    await createCities(t().services);
    w = await createWorkspace(t().services);
    f = await createOrganizerFixture(t().services);
  });

  it('answers every /organizer route, success or refusal, CSV included, with private, no-store', async () => {
    const document = (await t().http(`${API}/openapi.json`).then((response) => response.json())) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${API}/organizer/`))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
    expect(routes.length).toBeGreaterThan(20);
    const idFor = (path: string) => (path.includes('/images/') ? randomUUID() : path.includes('/members/') ? w.viewer.id : String(w.event));
    const statuses = new Set<number>();
    for (const { method, path } of routes) {
      const url = path.replace(`${API}`, '').replace('{id}', idFor(path));
      // Reads by the owner succeed; writes by the owner with no data, and every call by an outsider or without a token, are refused.
      for (const token of [undefined, w.outsider.token, w.owner.token]) {
        if (token === w.owner.token && method === 'DELETE') continue;
        const answer = await call(method, url, token, method === 'GET' ? undefined : {});
        statuses.add(answer.status);
        expect(`${method} ${url} ${answer.status}: ${answer.headers.get('cache-control')}`).toBe(`${method} ${url} ${answer.status}: ${NO_STORE}`);
      }
    }
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403]));
    const csv = await t().http(`${API}/organizer/events/${w.event}/guests?format=csv`, { headers: { authorization: `Bearer ${w.owner.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('cache-control')).toBe(NO_STORE);
  });

  it('refuses a NUL in an event title, a venue address, a postpone message and a check-in code with 400 naming the field', async () => {
    const event = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { title: { sr: 'Koncert\u0000' } }));
    expect(event.status).toBe(400);
    expect(fieldsOf(event)).toEqual(['title.sr']);

    const venue = await call('POST', '/organizer/venues', w.manager.token, {
      name: { sr: 'Sala' },
      address: 'Makedonska\u000022',
      city: 'beograd',
      lat: 44.8,
      lng: 20.4,
    });
    expect(venue.status).toBe(400);
    expect(fieldsOf(venue)).toEqual(['address']);

    const created = await call('POST', '/organizer/events', f.owner.token, eventBody(f));
    expect(created.status).toBe(201);
    const id = (created.body.event as { id: number }).id;
    const postpone = await call('POST', `/organizer/events/${id}/postpone`, f.owner.token, { date_tba: true, message: 'Sorry\u0000' });
    expect(postpone.status).toBe(400);
    expect(fieldsOf(postpone)).toEqual(['message']);

    const { code } = await createReservation(t().services, { eventId: w.event, status: 'accepted' });
    const checkIn = await call('POST', '/organizer/check-in', w.door.token, { code: `${code}\u0000` });
    expect(checkIn.status).toBe(400);
    expect(fieldsOf(checkIn)).toEqual(['code']);
  });

  it('refuses a right-to-left override in a name or title, and keeps line breaks in a description', async () => {
    const title = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { title: { sr: 'Koncert \u202Eolleh' } }));
    expect(fieldsOf(title)).toEqual(['title.sr']);
    const performer = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { performers: [{ name: 'Trio\u200B' }] }));
    expect(fieldsOf(performer)).toEqual(['performers.0.name']);
    const described = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { description: { sr: 'Prvi red\nDrugi red' } }));
    expect(described.status).toBe(201);
    const escape = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { description: { sr: 'Prvi red\u001b[31m' } }));
    expect(fieldsOf(escape)).toEqual(['description.sr']);
  });

  it('reads a member id as a user id or an invitation number, and refuses anything else by name', async () => {
    for (const id of ['abc', '12x', '0', '-1', `${randomUUID()}x`]) {
      const answer = await call('PATCH', `/organizer/members/${id}`, w.owner.token, { role: 'viewer' });
      expect(answer.status).toBe(400);
      expect(fieldsOf(answer)).toEqual(['id']);
    }
    expect((await call('PATCH', `/organizer/members/${randomUUID()}`, w.owner.token, { role: 'viewer' })).status).toBe(404);
    expect((await call('PATCH', '/organizer/members/987654321', w.owner.token, { role: 'viewer' })).status).toBe(404);
    expect((await call('PATCH', `/organizer/members/${w.viewer.id.toUpperCase()}`, w.owner.token, { role: 'viewer' })).status).toBe(200);
  });

  it('reads image and event ids with the shared schemas', async () => {
    const image = await call('GET', '/organizer/images/not-a-uuid', w.owner.token);
    expect(image.status).toBe(400);
    expect(fieldsOf(image)).toEqual(['id']);
    const event = await call('GET', '/organizer/events/016', w.owner.token);
    expect(event.status).toBe(400);
    expect(fieldsOf(event)).toEqual(['id']);
  });

  it('refuses a cursor this API did not write, on the events list and the activity log, naming it', async () => {
    // An id-order cursor is not one of the events list (date order), and the reverse.
    const [events, activity] = await Promise.all([
      call('GET', `/organizer/events?cursor=${Buffer.from('12').toString('base64url')}`, w.owner.token),
      call('GET', `/organizer/activity?cursor=${Buffer.from(`${new Date().toISOString()}|12`).toString('base64url')}`, w.owner.token),
    ]);
    expect([events.status, fieldsOf(events)]).toEqual([400, ['cursor']]);
    expect([activity.status, fieldsOf(activity)]).toEqual([400, ['cursor']]);
  });

  it('publishes with no body at all, and refuses data sent to unpublish', async () => {
    const created = await call('POST', '/organizer/events', f.owner.token, eventBody(f));
    const id = (created.body.event as { id: number }).id;
    const published = await t().http(`${API}/organizer/events/${id}/publish`, { method: 'POST', headers: { authorization: `Bearer ${f.owner.token}` } });
    expect(published.status).toBe(200);

    const draft = await call('POST', '/organizer/events', f.owner.token, eventBody(f, { starts_at: new Date(Date.now() + 20 * 86_400_000).toISOString(), ends_at: null }));
    const draftId = (draft.body.event as { id: number }).id;
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('POST', `/organizer/events/${draftId}/publish`, f.owner.token, { publish_at: later })).status).toBe(200);
    const refused = await call('POST', `/organizer/events/${draftId}/unpublish`, f.owner.token, { reason: 'x' });
    expect([refused.status, fieldsOf(refused)]).toEqual([400, ['reason']]);
    expect((await call('POST', `/organizer/events/${draftId}/unpublish`, f.owner.token, {})).status).toBe(200);
  });
});

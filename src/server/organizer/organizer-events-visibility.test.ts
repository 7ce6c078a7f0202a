import { beforeAll, expect, it } from 'vitest';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import { describeApi } from '../../../tests/support/test-app';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from './organizer-events-test-kit';

const API = '/api/v1';

/**
 * DESIGN §14: a draft, an event in review and a scheduled one are invisible to guests everywhere; the same
 * event shows on every public surface once published. One event is followed through all of them.
 */
describeApi('organizer events: what guests see before and after publishing', (t) => {
  let fixture: OrganizerFixture;
  const word = `Zvezdoskok${Date.now().toString(36)}`;

  const pub = async (path: string) => {
    const answer = await t().json<unknown>('GET', `${API}${path}`, { token: await t().guestToken(), headers: { 'accept-language': 'sr' } });
    return { status: answer.status, text: JSON.stringify(answer.body) };
  };
  /** The sitemap index and every part it names, as one text. */
  const sitemap = async () => {
    const index = await (await t().http('/sitemap.xml')).text();
    const parts = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
    const texts = await Promise.all(parts.map(async (part) => (await t().http(part)).text()));
    return [index, ...texts].join('\n');
  };
  const surfaces = async (event: OrganizerEvent) => ({
    listing: (await pub('/events?limit=50')).text.includes(word),
    home: (await pub('/events/home')).text.includes(word),
    search: (await pub(`/search?q=${word}`)).text.includes(`${word} koncert`),
    suggest: (await pub(`/search/suggest?q=${word}`)).text.includes(`${word} koncert`),
    venue: (await pub(`/venues/${fixture.venueId}`)).text.includes(word),
    page: (await pub(`/events/${event.id}`)).status,
    sitemap: (await sitemap()).includes(`/events/${event.slug}-${event.id}`),
  });

  beforeAll(async () => {
    fixture = await createOrganizerFixture(t().services);
  });

  it('hides a draft, a scheduled and an in-review event from every public surface and shows the event once published', async () => {
    const created = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events`, {
      token: fixture.owner.token,
      body: eventBody(fixture, { title: { sr: `${word} koncert` }, starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(), ends_at: null }),
    });
    expect(created.status).toBe(201);
    const event = created.body.event;
    const hidden = { listing: false, home: false, search: false, suggest: false, venue: false, page: 404, sitemap: false };
    expect(await surfaces(event)).toEqual(hidden);

    const scheduled = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events/${event.id}/publish`, {
      token: fixture.owner.token,
      body: { publish_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(scheduled.body.event.status).toBe('scheduled');
    expect(await surfaces(event)).toEqual(hidden);

    await t().json('POST', `${API}/organizer/events/${event.id}/unpublish`, { token: fixture.owner.token });
    const published = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events/${event.id}/publish`, { token: fixture.owner.token, body: {} });
    expect(published.body.event.status).toBe('published');
    expect(await surfaces(event)).toEqual({ listing: true, home: true, search: true, suggest: true, venue: true, page: 200, sitemap: true });
  });

  it('keeps an event waiting for review hidden', async () => {
    const untrusted = await createOrganizerFixture(t().services, { trusted: false });
    const created = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events`, {
      token: untrusted.owner.token,
      body: eventBody(untrusted, { title: { sr: `${word} pregled` } }),
    });
    const review = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events/${created.body.event.id}/publish`, {
      token: untrusted.owner.token,
      body: {},
    });
    expect(review.body.event.status).toBe('pending_review');
    expect((await pub(`/events/${created.body.event.id}`)).status).toBe(404);
    const search = await t().json<{ events: unknown[] }>('GET', `${API}/search?q=${word}%20pregled`, { token: await t().guestToken() });
    expect(search.body.events).toEqual([]);
  });
});

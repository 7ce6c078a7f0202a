import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EventDetail, EventPage, Home, SearchResult } from '../../shared/schemas/catalog';
import type { OrganizerEvent } from '../../shared/schemas/organizer-workspace';
import { describeApi } from '../../../tests/support/test-app';
import { createOrganizerFixture, eventBody, type OrganizerFixture } from '../organizer/organizer-events-test-kit';
import { DAY_MS } from '../../shared/constants';

const API = '/api/v1';
/** Whole minutes, as organizers type them (JSON-LD dates carry no milliseconds). */
const inDays = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000).toISOString();

/**
 * What organizers publish, as guests read it (issue 9): the event's own source language in the text
 * fallback, venue names per language, uploaded pictures with their derivatives, postponed and moved
 * dates, series shown once, and an edit visible at once.
 */
describeApi('catalogue: what organizers publish, as guests read it', (t) => {
  let fixture: OrganizerFixture;
  const word = `Pubtest${Date.now().toString(36)}`;

  const read = async <T>(path: string, locale = 'sr') =>
    (await t().json<T>('GET', `${API}${path}`, { token: await t().guestToken(), headers: { 'accept-language': locale } })).body;
  const detail = (id: number, locale = 'sr') => read<EventDetail>(`/events/${id}`, locale);
  const execute = (query: ReturnType<typeof sql>) => t().services.database.db.execute(query);

  /** Creates and publishes an event of the fixture organizer; `overrides` go into the create body. */
  const publish = async (overrides: Record<string, unknown>): Promise<OrganizerEvent> => {
    const created = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events`, {
      token: fixture.owner.token,
      body: eventBody(fixture, { ends_at: null, ...overrides }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = await t().json<{ event: OrganizerEvent }>('POST', `${API}/organizer/events/${created.body.event.id}/publish`, {
      token: fixture.owner.token,
      body: {},
    });
    expect(published.body.event.status).toBe('published');
    return published.body.event;
  };

  beforeAll(async () => {
    fixture = await createOrganizerFixture(t().services);
  });

  it('falls back to the event’s source language before Serbian, and shows Serbian Cyrillic in Latin', async () => {
    const ukrainian = await publish({
      title: { uk: `${word} Вечір джазу`, en: `${word} Jazz night` },
      summary: { uk: 'Короткий опис', en: 'A short summary' },
      description: { uk: 'Повний опис' },
      source_locale: 'uk',
      starts_at: inDays(3),
    });
    const ru = await detail(ukrainian.id, 'ru');
    expect(ru).toMatchObject({ title: `${word} Вечір джазу`, summary: 'Короткий опис', description: 'Повний опис' });
    const en = await detail(ukrainian.id, 'en');
    expect(en).toMatchObject({ title: `${word} Jazz night`, summary: 'A short summary', description: 'Повний опис' });
    // Serbian has no text of its own: the source (Ukrainian) comes before English.
    expect((await detail(ukrainian.id, 'sr')).title).toBe(`${word} Вечір джазу`);
    const listed = await read<EventPage>(`/events?venue=${fixture.venueId}&limit=50`, 'ru');
    expect(listed.items.find((item) => item.id === ukrainian.id)?.title).toBe(`${word} Вечір джазу`);

    const cyrillic = await publish({ title: { sr: `${word} Концерт у Београду` }, summary: { sr: 'Вече џеза' }, starts_at: inDays(4) });
    expect(await detail(cyrillic.id, 'sr')).toMatchObject({ title: `${word} Koncert u Beogradu`, summary: 'Veče džeza' });
    expect((await detail(cyrillic.id, 'en')).title).toBe(`${word} Koncert u Beogradu`);
  });

  it('names the venue in the reader’s language, falling back to its display name', async () => {
    await execute(sql`UPDATE venues SET name_i18n = '{"sr":"Велика сала","en":"Great Hall"}' WHERE id = ${fixture.venueId}`);
    t().services.catalog.invalidate();
    const event = await publish({ title: { sr: `${word} sala` }, starts_at: inDays(5) });
    expect((await detail(event.id, 'en')).venue?.name).toBe('Great Hall');
    expect((await detail(event.id, 'sr')).venue?.name).toBe('Velika sala');
    expect((await detail(event.id, 'uk')).venue?.name).toBe('Velika sala');
    const venue = await read<{ venue: { name: string } }>(`/venues/${fixture.venueId}`, 'en');
    expect(venue.venue.name).toBe('Great Hall');
    await execute(sql`UPDATE venues SET name_i18n = '{}' WHERE id = ${fixture.venueId}`);
    t().services.catalog.invalidate();
    expect((await detail(event.id, 'en')).venue?.name).toMatch(/^Sala /);
  });

  it('gives an uploaded picture with every derivative, and its social crop to link previews', async () => {
    const imageId = randomUUID();
    const variants = [
      ...[640, 1280].flatMap((width) =>
        (['avif', 'webp', 'jpeg'] as const).map((format) => ({ hash: `full${width}${format}`, format, width, height: width / 2, crop: 'full' })),
      ),
      ...[640, 1280].map((width) => ({ hash: `card${width}`, format: 'jpeg', width, height: (width * 9) / 16, crop: 'card' })),
      { hash: 'social1200', format: 'jpeg', width: 1200, height: 630, crop: 'social' },
    ];
    await execute(sql`INSERT INTO images (id, organizer_id, status, width, height, alt, dominant_color, placeholder, variants)
      VALUES (${imageId}, ${fixture.organizerId}, 'ready', 2560, 1280, '{"en":"The stage"}', '#336699', 'data:image/webp;base64,AAAA', ${JSON.stringify(variants)}::jsonb)`);
    const event = await publish({ title: { sr: `${word} slika`, en: `${word} picture` }, starts_at: inDays(6) });
    await execute(sql`UPDATE events SET image_id = ${imageId} WHERE id = ${event.id}`);
    t().services.catalog.invalidate();

    const page = await detail(event.id, 'en');
    expect(page.image).toMatchObject({ url: '/media/full1280jpeg.jpg', width: 1280, height: 640, alt: 'The stage', dominant_color: '#336699' });
    expect(page.image?.variants).toContainEqual({ url: '/media/card640.jpg', format: 'jpeg', width: 640, height: 360, crop: 'card' });
    expect(page.image?.variants).toContainEqual({ url: '/media/full640avif.avif', format: 'avif', width: 640, height: 320, crop: 'full' });
    expect(page.json_ld.image).toEqual([expect.stringMatching(/^https?:\/\/[^/]+\/media\/social1200\.jpg$/)]);
    // Alt text falls back like the title: Serbian reader, English alt (the only one), not the title.
    expect((await detail(event.id, 'sr')).image?.alt).toBe('The stage');
    const listed = await read<EventPage>(`/events?venue=${fixture.venueId}&limit=50`, 'en');
    expect(listed.items.find((item) => item.id === event.id)?.image?.variants).toHaveLength(variants.length);

    // Still processing: the card keeps no picture rather than a broken one.
    await execute(sql`UPDATE images SET status = 'processing' WHERE id = ${imageId}`);
    t().services.catalog.invalidate();
    expect((await detail(event.id, 'en')).image).toBeNull();
  });

  it('tells a postponed event (date to be announced) and a moved one, with their previous date', async () => {
    const firstDate = inDays(8);
    const postponed = await publish({ title: { sr: `${word} odloženo` }, starts_at: firstDate });
    const answer = await t().json('POST', `${API}/organizer/events/${postponed.id}/postpone`, { token: fixture.owner.token, body: { date_tba: true } });
    expect(answer.status).toBe(200);
    const page = await detail(postponed.id, 'en');
    expect(page).toMatchObject({ status: 'postponed', date_tba: true, previous_starts_at: firstDate });
    // Google's guidance for EventPostponed: the original date stays the start date, with no previous one.
    expect(page.json_ld.eventStatus).toBe('https://schema.org/EventPostponed');
    expect(new Date(String(page.json_ld.startDate)).toISOString()).toBe(firstDate);
    expect(page.json_ld).not.toHaveProperty('previousStartDate');
    const listed = await read<EventPage>(`/events?venue=${fixture.venueId}&limit=50`);
    expect(listed.items.find((item) => item.id === postponed.id)).toMatchObject({ date_tba: true, previous_starts_at: firstDate });

    const moved = await publish({ title: { sr: `${word} pomereno` }, starts_at: firstDate });
    const newDate = inDays(9);
    await t().json('POST', `${API}/organizer/events/${moved.id}/postpone`, { token: fixture.owner.token, body: { starts_at: newDate } });
    const movedPage = await detail(moved.id, 'en');
    expect(movedPage).toMatchObject({ status: 'rescheduled', date_tba: false, starts_at: newDate, previous_starts_at: firstDate });
    expect(movedPage.json_ld.eventStatus).toBe('https://schema.org/EventRescheduled');
    expect(new Date(String(movedPage.json_ld.previousStartDate)).toISOString()).toBe(firstDate);
    expect(new Date(String(movedPage.json_ld.startDate)).toISOString()).toBe(newDate);

    const scheduled = await detail((await publish({ title: { sr: `${word} redovno` }, starts_at: inDays(10) })).id);
    expect(scheduled).toMatchObject({ date_tba: false, previous_starts_at: null });
    expect(scheduled.json_ld).not.toHaveProperty('previousStartDate');
  });

  it('lists a series once at its next date with how many more, pages correctly, and links the other dates', async () => {
    const series = await t().services.database.db.execute(
      sql`INSERT INTO event_series (organizer_id, rrule) VALUES (${fixture.organizerId}, 'FREQ=WEEKLY') RETURNING id`,
    );
    const seriesId = Number((series as unknown as { rows: { id: string }[] }).rows[0]!.id);
    const dates = [20, 27, 34].map(inDays);
    const seriesEvents: OrganizerEvent[] = [];
    for (const startsAt of dates) seriesEvents.push(await publish({ title: { sr: `${word} serija` }, starts_at: startsAt }));
    const single = await publish({ title: { sr: `${word} jednom` }, starts_at: inDays(24) });
    for (const event of seriesEvents) await execute(sql`UPDATE events SET series_id = ${seriesId} WHERE id = ${event.id}`);
    t().services.catalog.invalidate();
    const [first, second, third] = seriesEvents as [OrganizerEvent, OrganizerEvent, OrganizerEvent];

    const listing = await read<EventPage>(`/events?q=${word}%20serija&limit=50`);
    expect(listing.items.map((item) => [item.id, item.more_dates])).toEqual([[first.id, 2]]);

    // Page by page (one a page) through the venue: the series once, the single event in its date order.
    const venuePath = `/events?venue=${fixture.venueId}&from=${dates[0]!.slice(0, 10)}&limit=1`;
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const page: EventPage = await read<EventPage>(`${venuePath}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      walked.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(walked).toEqual([first.id, single.id]);

    // A filter that leaves out the first date shows the series at its first date inside it.
    const later = await read<EventPage>(`/events?venue=${fixture.venueId}&from=${inDays(25).slice(0, 10)}&limit=50`);
    expect(later.items.filter((item) => item.series_id === seriesId).map((item) => [item.id, item.more_dates])).toEqual([[second.id, 1]]);

    const home = await read<Home>('/events/home');
    const homeIds = home.rows.flatMap((row) => row.events.map((event) => event.id));
    expect(homeIds.filter((id) => seriesEvents.some((event) => event.id === id))).toEqual([first.id]);

    const search = await read<SearchResult>(`/search?q=${word}%20serija`);
    expect(search.events.map((event) => event.id)).toEqual([first.id]);

    const page = await detail(second.id, 'en');
    expect(page.series_dates.map((date) => [date.id, date.path])).toEqual([
      [first.id, `/en/events/${first.slug}-${first.id}`],
      [third.id, `/en/events/${third.slug}-${third.id}`],
    ]);
    expect(page.more_dates).toBe(1);
    expect((await detail(single.id)).series_dates).toEqual([]);
  });

  it('shows an organizer’s edit on the next read, and takes an archived event out of the API and the sitemap at once', async () => {
    const event = await publish({ title: { sr: `${word} staro ime` }, starts_at: inDays(12) });
    expect((await detail(event.id)).title).toBe(`${word} staro ime`);
    const listed = await read<EventPage>(`/events?venue=${fixture.venueId}&limit=50`);
    expect(listed.items.some((item) => item.id === event.id)).toBe(true);

    const patched = await t().json('PATCH', `${API}/organizer/events/${event.id}`, {
      token: fixture.owner.token,
      body: { title: { sr: `${word} novo ime` } },
    });
    expect(patched.status).toBe(200);
    expect((await detail(event.id)).title).toBe(`${word} novo ime`);
    const again = await read<EventPage>(`/events?venue=${fixture.venueId}&limit=50`);
    expect(again.items.find((item) => item.id === event.id)?.title).toBe(`${word} novo ime`);

    // No archive route yet: the service the route will call (it invalidates the catalogue).
    await t().services.organizerEvents.archive({ userId: fixture.owner.id, eventId: event.id, locale: 'sr' });
    const sitemapIndex = await (await t().http('/sitemap.xml')).text();
    const parts = [...sitemapIndex.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
    const sitemap = (await Promise.all(parts.map(async (part) => (await t().http(part)).text()))).join('\n');
    expect(sitemap).not.toContain(`-${event.id}</loc>`);
    expect((await t().json('GET', `${API}/events/${event.id}`, { token: await t().guestToken() })).status).toBe(404);
  });
});

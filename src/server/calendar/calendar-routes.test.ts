import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { describeApi, type TestApp } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { events, organizers, reservations, savedEvents, users } from '../db/schema';
import { insertCatalogFixtures, type FixtureIds } from '../catalog/testing/catalog-fixtures';
import { ensureCalendarSecret, resetCalendarSecret } from './calendar-secret';

const ORIGIN = 'https://kuda.example';
let ids: FixtureIds;
let organizerId: number;

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string | null;
  sequence: number;
  start: ICAL.Time;
  url: string | null;
  location: string | null;
  geo: number[] | null;
}

/** Parses a feed the way a calendar client does (ical.js), timezones registered from the feed itself. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevents: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      status: component.getFirstPropertyValue('status') as string | null,
      sequence: event.sequence,
      start: event.startDate,
      url: component.getFirstPropertyValue('url') as string | null,
      location: event.location,
      geo: component.getFirstPropertyValue('geo') as number[] | null,
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname') as string, zones: zones.map((zone) => zone.getFirstPropertyValue('tzid')), events: vevents };
}

/** jsdom's XML parser (a devDependency already; it ships no types, so it is loaded through require). */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

function parseAtom(text: string): Document {
  const document = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

async function createUser(t: TestApp, locale: 'sr' | 'en' | 'uk' | 'ru' = 'en'): Promise<string> {
  const id = randomUUID();
  await t.services.database.db.insert(users).values({ id, email: `${id}@example.org`, locale });
  return id;
}

describeApi(
  'calendar and Atom feeds',
  (t) => {
    const venueIcs = () => `/calendar/venues/${ids.venues.get('dom-omladine')}.ics`;

    it('serves a venue calendar that a client parses: name, Belgrade VTIMEZONE, local times, UID, URL, place', async () => {
      const response = await t().http(`${venueIcs()}?lang=en`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(response.headers.get('last-modified')).toMatch(/GMT$/);
      const text = await response.text();
      expect(text).toContain('DTSTART;TZID=Europe/Belgrade:');
      const feed = parseCalendar(text);
      expect(feed.name).toBe('Dom omladine Beograda · Kuda');
      expect(feed.zones).toEqual(['Europe/Belgrade']);
      const quartetId = ids.events.get('koncert-dzez-kvarteta')!;
      const quartet = feed.events.find((event) => event.uid === `event-${quartetId}@kuda`)!;
      expect(quartet.summary).toBe('Jazz Quartet Concert');
      expect(quartet.status).toBe('CONFIRMED');
      expect(quartet.url).toBe(`${ORIGIN}/en/events/koncert-dzez-kvarteta-${quartetId}`);
      expect(quartet.location).toBe('Dom omladine Beograda, Makedonska 22, 11000 Beograd');
      expect(quartet.geo).toEqual([44.8157, 20.4633]);
      // The local Belgrade time resolves, through the feed's VTIMEZONE, to the event's instant.
      const [row] = await t().services.database.db.select({ startsAt: events.startsAt }).from(events).where(eq(events.id, quartetId));
      expect(quartet.start.zone?.tzid).toBe('Europe/Belgrade');
      expect(quartet.start.toJSDate().getTime()).toBe(row!.startsAt.getTime());
      // Last week's concert is still there (a cancellation must reach subscribers); the unpublished one is not.
      const uids = feed.events.map((event) => event.uid);
      expect(uids).toContain(`event-${ids.events.get('prosli-koncert')}@kuda`);
      expect(uids).not.toContain(`event-${ids.events.get('neobjavljeni-koncert')}@kuda`);
    });

    it('marks a cancelled event CANCELLED and a postponed one TENTATIVE, raising SEQUENCE on each change', async () => {
      const db = t().services.database.db;
      const hamletId = ids.events.get('hamlet')!;
      const galebId = ids.events.get('galeb')!;
      const path = `/calendar/events/${hamletId}.ics`;
      const before = parseCalendar(await (await t().http(path)).text()).events[0]!;
      expect(before.status).toBe('CONFIRMED');

      await db.update(events).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(events.id, hamletId));
      await db.update(events).set({ status: 'postponed', dateTba: true, updatedAt: new Date() }).where(eq(events.id, galebId));
      const venueFeed = parseCalendar(await (await t().http(`/calendar/venues/${ids.venues.get('narodno-pozoriste')}.ics`)).text());
      const hamlet = venueFeed.events.find((event) => event.uid === `event-${hamletId}@kuda`)!;
      const galeb = venueFeed.events.find((event) => event.uid === `event-${galebId}@kuda`)!;
      expect(hamlet.status).toBe('CANCELLED');
      expect(hamlet.sequence).toBeGreaterThan(before.sequence);
      expect(galeb.status).toBe('TENTATIVE');

      const single = parseCalendar(await (await t().http(path)).text());
      expect(single.events).toHaveLength(1);
      expect(single.events[0]).toMatchObject({ uid: `event-${hamletId}@kuda`, status: 'CANCELLED', sequence: hamlet.sequence });
      expect(single.zones).toEqual(['Europe/Belgrade']);
    });

    it('answers 304 to its ETag and to If-Modified-Since, and 200 again after a change', async () => {
      const first = await t().http(`/calendar/categories/koncerti.ics`);
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      expect((await t().http(`/calendar/categories/koncerti.ics`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await t().http(`/calendar/categories/koncerti.ics`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
      expect((await t().http(`/calendar/categories/koncerti.ics`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);

      const festivalId = ids.events.get('vece-dzeza-novi-sad')!;
      await t().services.database.db.update(events).set({ title: { sr: 'Novo ime', en: 'New name' }, updatedAt: new Date(Date.now() + 5_000) }).where(eq(events.id, festivalId));
      const changed = await t().http(`/calendar/categories/koncerti.ics`, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });

    it('serves organizer and category calendars, and 404 for what does not exist', async () => {
      const organizer = await t().http(`/calendar/organizers/${organizerId}.ics?lang=ru`);
      expect(organizer.status).toBe(200);
      expect(parseCalendar(await organizer.text()).events.map((event) => event.summary)).toContain('Концерт джаз-квартета');
      const category = parseCalendar(await (await t().http('/calendar/categories/pozoriste.ics?lang=uk')).text());
      expect(category.name).toBe('Театр · Kuda');
      for (const path of ['/calendar/venues/999999.ics', '/calendar/categories/nope.ics', '/calendar/events/999999.ics', '/calendar/venues/1.pdf', '/calendar/events/1.atom', '/calendar/shops/1.ics']) {
        expect((await t().http(path)).status, path).toBe(404);
      }
      const unpublished = await t().http(`/calendar/events/${ids.events.get('neobjavljeni-koncert')}.ics`);
      expect(unpublished.status).toBe(404);
    });

    it('serves Atom 1.0 feeds (RFC 4287): id, title, updated, self and alternate links, entries newest first', async () => {
      for (const path of [`/calendar/venues/${ids.venues.get('dom-omladine')}.atom?lang=en`, `/calendar/organizers/${organizerId}.atom`, '/calendar/categories/koncerti.atom?lang=ru']) {
        const response = await t().http(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
        const feed = parseAtom(await response.text()).documentElement;
        expect(feed.namespaceURI).toBe('http://www.w3.org/2005/Atom');
        const children = (name: string, parent: Element = feed) => [...parent.children].filter((child) => child.localName === name);
        expect(children('id')[0]?.textContent).toMatch(/^tag:kuda,2026:/);
        expect(children('title')[0]?.textContent).not.toBe('');
        expect(children('updated')[0]?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(children('author')).toHaveLength(1);
        const links = children('link').map((link) => `${link.getAttribute('rel')} ${link.getAttribute('href')}`);
        expect(links).toContain(`self ${ORIGIN}${path.replace(/\?.*$/, '')}${path.includes('lang=') ? path.slice(path.indexOf('?')) : '?lang=sr'}`);
        expect(links.some((link) => link.startsWith(`alternate ${ORIGIN}/`))).toBe(true);
        const entries = children('entry');
        expect(entries.length).toBeGreaterThan(0);
        const ids = new Set<string>();
        let previous = Infinity;
        for (const entry of entries) {
          for (const required of ['id', 'title', 'updated', 'published', 'summary']) expect(children(required, entry), required).toHaveLength(1);
          expect(children('link', entry)[0]?.getAttribute('href')).toMatch(new RegExp(`^${ORIGIN}/(sr|en|ru)/events/`));
          ids.add(children('id', entry)[0]!.textContent!);
          const published = Date.parse(children('published', entry)[0]!.textContent!);
          expect(published).toBeLessThanOrEqual(previous);
          previous = published;
        }
        expect(ids.size).toBe(entries.length);
      }
      const venue = parseAtom(await (await t().http(`/calendar/venues/${ids.venues.get('dom-omladine')}.atom?lang=en`)).text());
      const titles = [...venue.getElementsByTagName('entry')].map((entry) => entry.getElementsByTagName('title')[0]!.textContent);
      expect(titles).toContain('Jazz Quartet Concert');
    });

    it("serves a person's reservations and saved events at the secret URL, privately, in their language", async () => {
      const db = t().services.database.db;
      const userId = await createUser(t(), 'ru');
      const other = await createUser(t());
      const reserved = ids.events.get('labudovo-jezero')!;
      const pending = ids.events.get('beogradski-dzez-festival')!;
      const saved = ids.events.get('joga-u-parku')!;
      const rejected = ids.events.get('stand-up-vece')!;
      await db.insert(reservations).values([
        { eventId: reserved, userId, status: 'accepted', partySize: 2, code: `C${Date.now()}` },
        { eventId: pending, userId, status: 'pending', partySize: 1 },
        { eventId: rejected, userId, status: 'rejected', partySize: 1 },
      ]);
      await db.insert(savedEvents).values([{ userId, eventId: saved }, { userId: other, eventId: rejected }]);
      const secret = await ensureCalendarSecret(db, userId);

      const response = await t().http(`/calendar/me/${secret}.ics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/^private/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const feed = parseCalendar(await response.text());
      expect(feed.name).toBe('Мои события · Kuda');
      expect(feed.zones).toEqual(['Europe/Belgrade']);
      expect(feed.events.map((event) => event.uid).sort()).toEqual([reserved, pending, saved].map((id) => `event-${id}@kuda`).sort());
      expect(feed.events.find((event) => event.uid === `event-${reserved}@kuda`)?.url).toMatch(`${ORIGIN}/ru/events/`);
      const etag = response.headers.get('etag')!;
      expect((await t().http(`/calendar/me/${secret}.ics`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      // Saving one more event changes the feed though no event changed: Last-Modified moves with it.
      const lastModified = response.headers.get('last-modified')!;
      expect((await t().http(`/calendar/me/${secret}.ics`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
      await db.insert(savedEvents).values({ userId, eventId: ids.events.get('galeb')!, createdAt: new Date(Date.parse(lastModified) + 5_000) });
      const grown = await t().http(`/calendar/me/${secret}.ics`, { headers: { 'if-modified-since': lastModified } });
      expect(grown.status).toBe(200);
      expect(parseCalendar(await grown.text()).events).toHaveLength(4);
      // ?lang= overrides the account's language.
      expect(parseCalendar(await (await t().http(`/calendar/me/${secret}.ics?lang=en`)).text()).name).toBe('My events · Kuda');

      // Reset: the old URL answers exactly what an unknown one does.
      const fresh = await resetCalendarSecret(db, userId);
      const old = await t().http(`/calendar/me/${secret}.ics`);
      const unknown = await t().http(`/calendar/me/${'x'.repeat(43)}.ics`);
      expect(old.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(await old.text()).toBe(await unknown.text());
      expect(old.headers.get('cache-control')).toBe('no-store');
      expect((await t().http('/calendar/me/short.ics')).status).toBe(404);
      expect((await t().http(`/calendar/me/${fresh}.ics`)).status).toBe(200);
    });

    it('writes no log line carrying a personal feed secret, while other requests are logged', async () => {
      const lines: string[] = [];
      const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
      const app = await buildApp({ services: t().services, loggerInstance: log });
      try {
        const secret = await ensureCalendarSecret(t().services.database.db, await createUser(t()));
        expect((await app.inject(`/calendar/me/${secret}.ics`)).statusCode).toBe(200);
        expect((await app.inject(`/calendar/me/${secret}x.ics`)).statusCode).toBe(404);
        expect((await app.inject('/calendar/categories/koncerti.ics')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
      expect(lines.some((line) => line.includes('/calendar/categories/koncerti.ics'))).toBe(true);
      expect(lines.filter((line) => line.includes('/calendar/me/'))).toEqual([]);
    });

    it('saves a single event under its slug', async () => {
      const response = await t().http(`/calendar/events/${ids.events.get('koncert-dzez-kvarteta')}.ics`);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="koncert-dzez-kvarteta.ics"');
    });
  },
  {
    env: { PUBLIC_URL: ORIGIN },
    prepare: async (services) => {
      ids = await insertCatalogFixtures(services.database.db);
      const [organizer] = await services.database.db.select({ id: organizers.id }).from(organizers).where(eq(organizers.slug, 'dom-omladine-org'));
      organizerId = organizer!.id;
    },
  },
);

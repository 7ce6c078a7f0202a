import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/support/test-db';
import {
  categories,
  cities,
  eventTags,
  events,
  organizerMembers,
  organizers,
  subcategories,
  tags,
  users,
  venues,
} from '../schema';
import { DEMO_ACCOUNTS } from './data/accounts';
import { UNTRUSTED_ORGANIZER_SLUG } from './data/organizers';
import { allEventImageFiles } from './data/images';
import { slugify } from '../../../shared/slug';
import { buildDemoProgramme, mulberry32, seedDemo, seedIfEmpty } from './seed';
import { DAY_MS, HOUR_MS } from '../../../shared/constants';

const NOW = new Date('2026-03-20T10:00:00Z'); // Friday 11:00 in Belgrade; clocks go forward on 29 March.
const LOCALES = ['sr', 'en', 'uk', 'ru'] as const;
const CYRILLIC = /[\u0400-\u04ff]/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IMAGES_DIR = join(process.cwd(), 'public', 'images', 'events');

const belgradeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' });
const belgradeClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const belgradeWeekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', weekday: 'short' });

function expectFourLanguages(text: Record<string, string | undefined> | null | undefined, what: string) {
  for (const locale of LOCALES) {
    expect(text?.[locale], `${what} lacks ${locale}`).toBeTruthy();
  }
  expect(CYRILLIC.test(text?.sr ?? ''), `${what}: Serbian must be Latin`).toBe(false);
  expect(CYRILLIC.test(text?.en ?? ''), `${what}: English must be Latin`).toBe(false);
}

// A migrated database cloned from the run's template (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set).
describeEachDatabase('demo seed', (db) => {
  let counts: { events: number; venues: number };
  let database: ReturnType<typeof db>;

  beforeAll(async () => {
    database = db();
    counts = await seedDemo(database, { now: NOW, random: mulberry32(42) });
  }, 60_000);

  it('reports what it wrote', async () => {
    const eventCount = (await database.db.select({ id: events.id }).from(events)).length;
    expect(counts).toEqual({ events: eventCount, venues: 40 });
    expect(eventCount).toBeGreaterThanOrEqual(320);
  });

  it('creates the two cities in four languages', async () => {
    const rows = await database.db.select().from(cities);
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
    expect(Object.keys(bySlug).sort()).toEqual(['beograd', 'novi-sad']);
    expect(bySlug.beograd?.name).toEqual({ sr: 'Beograd', en: 'Belgrade', uk: 'Белград', ru: 'Белград' });
    expect(bySlug['novi-sad']?.name).toEqual({ sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' });
    for (const row of rows) expect(row.timeZone).toBe('Europe/Belgrade');
  });

  it('creates categories, subcategories and tags with slugs, icons and four languages', async () => {
    const cats = await database.db.select().from(categories);
    const subs = await database.db.select().from(subcategories);
    const tagRows = await database.db.select().from(tags);
    expect(cats.length).toBeGreaterThanOrEqual(8);
    expect(new Set(cats.map((c) => c.position)).size).toBe(cats.length);
    for (const cat of cats) {
      expect(cat.slug).toMatch(KEBAB);
      expect(cat.icon).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
      expectFourLanguages(cat.name, `category ${cat.slug}`);
      const mine = subs.filter((s) => s.categoryId === cat.id);
      expect(mine.length, cat.slug).toBeGreaterThanOrEqual(2);
      expect(mine.length, cat.slug).toBeLessThanOrEqual(5);
      for (const sub of mine) {
        expect(sub.slug).toMatch(KEBAB);
        expectFourLanguages(sub.name, `subcategory ${cat.slug}/${sub.slug}`);
      }
    }
    expect(cats.map((c) => c.slug)).toEqual(expect.arrayContaining(['koncerti', 'klubovi', 'pozoriste', 'sport', 'deca', 'izlozbe']));
    expect(tagRows.length).toBeGreaterThanOrEqual(12);
    for (const tag of tagRows) {
      expect(tag.slug).toMatch(KEBAB);
      expectFourLanguages(tag.name, `tag ${tag.slug}`);
    }
    expect(tagRows.map((t) => t.slug)).toEqual(expect.arrayContaining(['besplatno', 'napolju', 'za-decu', 'dzez', 'online']));
  });

  it('creates 40 venues with addresses and coordinates in their city', async () => {
    const rows = await database.db.select().from(venues);
    const cityRows = await database.db.select().from(cities);
    const cityId = (slug: string) => cityRows.find((c) => c.slug === slug)?.id;
    const belgrade = rows.filter((v) => v.cityId === cityId('beograd'));
    const noviSad = rows.filter((v) => v.cityId === cityId('novi-sad'));
    expect(rows).toHaveLength(40);
    expect(belgrade.length).toBeGreaterThanOrEqual(26);
    expect(noviSad.length).toBeGreaterThanOrEqual(10);
    for (const v of rows) {
      expect(v.slug).toMatch(KEBAB);
      expect(v.streetAddress).toMatch(/\S+ \S+/);
      expect(v.country).toBe('RS');
      expectFourLanguages(v.description, `venue ${v.slug}`);
      // Inside Serbia.
      expect(v.lat).toBeGreaterThan(42.2);
      expect(v.lat).toBeLessThan(46.2);
      expect(v.lng).toBeGreaterThan(18.8);
      expect(v.lng).toBeLessThan(23.1);
    }
    for (const v of belgrade) {
      expect(v.postalCode).toMatch(/^110\d\d$/);
      expect(v.lat).toBeGreaterThanOrEqual(44.78);
      expect(v.lat).toBeLessThanOrEqual(44.83);
      expect(v.lng).toBeGreaterThanOrEqual(20.4);
      expect(v.lng).toBeLessThanOrEqual(20.52);
    }
    for (const v of noviSad) {
      expect(v.postalCode).toMatch(/^21\d\d\d$/);
      expect(v.lat).toBeGreaterThanOrEqual(45.24);
      expect(v.lat).toBeLessThanOrEqual(45.27);
      expect(v.lng).toBeGreaterThanOrEqual(19.8);
      expect(v.lng).toBeLessThanOrEqual(19.87);
    }
  });

  it('creates the demo accounts with Argon2id passwords and the organizer membership', async () => {
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(Object.keys(DEMO_ACCOUNTS).length);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const row = rows.find((r) => r.email === account.email);
      expect(row, account.email).toBeDefined();
      expect(row?.role).toBe(account.role);
      expect(row?.status).toBe('active');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row?.passwordHash ?? '', account.password)).toBe(true);
      expect(await verify(row?.passwordHash ?? '', `${account.password}x`)).toBe(false);
    }
    const organizer = rows.find((r) => r.email === DEMO_ACCOUNTS.organizer.email);
    const user = rows.find((r) => r.email === DEMO_ACCOUNTS.user.email);
    expect(organizer).toMatchObject({ firstName: 'Jelena', phoneNumber: '+381601234567' });
    expect(organizer?.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(user).toMatchObject({ phoneNumber: '+381641112233' });
    expect(user?.phoneVerifiedAt).toBeInstanceOf(Date);

    const orgRows = await database.db.select().from(organizers);
    expect(orgRows.length).toBeGreaterThanOrEqual(3);
    expect(orgRows.length).toBeLessThanOrEqual(6);
    // Every demo organizer is trusted but the one whose events show the review queue (issue 10).
    expect(orgRows.filter((o) => !o.trusted).map((o) => o.slug)).toEqual([UNTRUSTED_ORGANIZER_SLUG]);
    const demo = orgRows.find((o) => o.slug === 'kuda-demo');
    expect(demo?.name).toBe('Kuda Demo Organizator');
    const members = await database.db.select().from(organizerMembers);
    expect(members.filter((m) => m.organizerId === demo?.id)).toMatchObject([{ organizerId: demo?.id, userId: organizer?.id, role: 'owner' }]);
    const untrusted = orgRows.find((o) => o.slug === UNTRUSTED_ORGANIZER_SLUG);
    const newVenue = rows.find((r) => r.email === DEMO_ACCOUNTS.newVenue.email);
    expect(members.filter((m) => m.organizerId === untrusted?.id)).toMatchObject([{ userId: newVenue?.id, role: 'owner' }]);
  });

  it('links organizers only inside Kuda, or nowhere', async () => {
    const rows = await database.db.select().from(organizers);
    for (const organizer of rows) {
      if (organizer.website !== null) expect(organizer.website, organizer.slug).toMatch(/^\/(?!\/)/);
    }
  });

  describe('events', () => {
    type EventRow = typeof events.$inferSelect;
    let rows: EventRow[];
    let tagsByEvent: Map<number, string[]>;
    let categorySlug: Map<number, string>;

    beforeAll(async () => {
      rows = await database.db.select().from(events);
      const tagRows = await database.db.select().from(tags);
      const tagSlug = new Map(tagRows.map((t) => [t.id, t.slug]));
      tagsByEvent = new Map();
      for (const link of await database.db.select().from(eventTags)) {
        tagsByEvent.set(link.eventId, [...(tagsByEvent.get(link.eventId) ?? []), tagSlug.get(link.tagId) ?? '?']);
      }
      categorySlug = new Map((await database.db.select().from(categories)).map((c) => [c.id, c.slug]));
    });

    it('start after now (tonight\'s later today, the others 2 h on) and within 60 days, last 1.5–6 h, in Europe/Belgrade', () => {
      const today = belgradeDate.format(NOW);
      for (const e of rows) {
        const lead = belgradeDate.format(e.startsAt) === today ? 0 : 2 * HOUR_MS;
        expect(e.startsAt.getTime(), e.slug).toBeGreaterThan(NOW.getTime() + lead);
        expect(e.startsAt.getTime(), e.slug).toBeLessThanOrEqual(NOW.getTime() + 60 * DAY_MS);
        const minutes = ((e.endsAt?.getTime() ?? 0) - e.startsAt.getTime()) / 60_000;
        expect(minutes, e.slug).toBeGreaterThanOrEqual(90);
        expect(minutes, e.slug).toBeLessThanOrEqual(360);
        expect(e.timeZone).toBe('Europe/Belgrade');
        expect(e.published).toBe(true);
        expect(e.currency).toBe('RSD');
        expect(e.organizerId).not.toBeNull();
      }
    });

    it('start on quarter hours, Belgrade time (across the DST change; each kind\'s hours: seed-programme.test.ts)', () => {
      for (const e of rows) {
        const [, minute = 0] = belgradeClock.format(e.startsAt).split(':').map(Number);
        expect(minute % 15, e.slug).toBe(0);
      }
    });

    it('fill tonight, tomorrow and the weekend', () => {
      const today = belgradeDate.format(NOW);
      const tomorrow = belgradeDate.format(new Date(NOW.getTime() + DAY_MS));
      const on = (date: string) => rows.filter((e) => belgradeDate.format(e.startsAt) === date);
      expect(on(today).length).toBeGreaterThanOrEqual(3);
      expect(on(tomorrow).length).toBeGreaterThanOrEqual(5);
      const weekend = rows.filter((e) => {
        const days = (e.startsAt.getTime() - NOW.getTime()) / DAY_MS;
        return days < 3 && ['Sat', 'Sun'].includes(belgradeWeekday.format(e.startsAt));
      });
      expect(weekend.length).toBeGreaterThanOrEqual(10);
      // Weekends are busier than weekdays overall.
      const weekendShare = rows.filter((e) => ['Sat', 'Sun'].includes(belgradeWeekday.format(e.startsAt))).length / rows.length;
      expect(weekendShare).toBeGreaterThan(2 / 7);
    });

    it('cover every category, both cities and all venues', async () => {
      const venueRows = await database.db.select().from(venues);
      const cityOfVenue = new Map(venueRows.map((v) => [v.id, v.cityId]));
      const subRows = await database.db.select().from(subcategories);
      const subCategory = new Map(subRows.map((s) => [s.id, s.categoryId]));
      for (const id of categorySlug.keys()) {
        const mine = rows.filter((e) => e.categoryId === id);
        expect(mine.length, categorySlug.get(id)).toBeGreaterThanOrEqual(10);
        expect(new Set(mine.map((e) => cityOfVenue.get(e.venueId ?? -1)).filter(Boolean)).size, categorySlug.get(id)).toBe(2);
      }
      for (const e of rows) expect(subCategory.get(e.subcategoryId ?? -1), e.slug).toBe(e.categoryId);
      const usedVenues = new Set(rows.map((e) => e.venueId));
      for (const v of venueRows) expect(usedVenues.has(v.id), v.slug).toBe(true);
    });

    it('have titles and descriptions in four languages, and ASCII slugs', () => {
      for (const e of rows) {
        expectFourLanguages(e.title, `title ${e.slug}`);
        expectFourLanguages(e.description, `description ${e.slug}`);
        expect(CYRILLIC.test(e.description.uk ?? '')).toBe(true);
        expect(CYRILLIC.test(e.description.ru ?? '')).toBe(true);
        const sentences = (e.description.en ?? '').split(/(?<=\.)\s+/).length;
        expect(sentences, e.slug).toBeGreaterThanOrEqual(2);
        expect(sentences, e.slug).toBeLessThanOrEqual(4);
        expect(e.slug).toMatch(KEBAB);
        expect(e.slug.length).toBeLessThanOrEqual(80);
        expect(e.slug.startsWith(slugify(e.title.sr ?? '').slice(0, 20))).toBe(true);
      }
      expect(new Set(rows.map((e) => e.slug)).size).toBe(rows.length);
    });

    it('have titles that exercise search in every script', () => {
      const titles = (locale: (typeof LOCALES)[number]) => rows.map((e) => e.title[locale] ?? '').join('\n');
      for (const word of ['koncert', 'džez', 'Beograd', 'Festival', 'pozorište', 'Rok']) expect(titles('sr')).toContain(word);
      for (const word of ['концерт', 'Джаз', 'Белград', 'Фестиваль', 'театр']) expect(titles('uk')).toContain(word);
      for (const word of ['концерт', 'Джаз', 'Белград', 'Фестиваль', 'театр']) expect(titles('ru')).toContain(word);
      for (const word of ['Concert', 'Jazz', 'Belgrade', 'Festival', 'Theatre']) expect(titles('en')).toContain(word);
    });

    it('price in para: about a fifth free, the "besplatno" tag exactly on free events', () => {
      const free = rows.filter((e) => e.priceMin === 0 && e.priceMax === 0);
      expect(free.length / rows.length).toBeGreaterThan(0.12);
      expect(free.length / rows.length).toBeLessThan(0.3);
      for (const e of rows) {
        expect(e.priceMin).not.toBeNull();
        expect(e.priceMax ?? 0).toBeGreaterThanOrEqual(e.priceMin ?? 0);
        expect(e.offerCount).toBeGreaterThanOrEqual(1);
        expect(e.offerCount).toBeLessThanOrEqual(3);
        const isFree = e.priceMax === 0;
        if (!isFree) {
          expect(e.priceMin ?? 0).toBeGreaterThanOrEqual(30_000);
          expect((e.priceMin ?? 0) % 100).toBe(0);
        }
        const eventTagSlugs = tagsByEvent.get(e.id) ?? [];
        expect(eventTagSlugs.length, e.slug).toBeGreaterThanOrEqual(1);
        expect(eventTagSlugs.length, e.slug).toBeLessThanOrEqual(3);
        expect(eventTagSlugs.includes('besplatno'), e.slug).toBe(isFree);
        expect(eventTagSlugs.includes('online'), e.slug).toBe(e.attendanceMode !== 'offline');
      }
    });

    it('about 30% reservable, never cancelled, mostly owned by kuda-demo', async () => {
      const demo = (await database.db.select().from(organizers)).find((o) => o.slug === 'kuda-demo');
      const reservable = rows.filter((e) => e.reservable);
      expect(reservable.length / rows.length).toBeGreaterThan(0.25);
      expect(reservable.length / rows.length).toBeLessThan(0.35);
      for (const e of reservable) expect(e.status === 'cancelled' || e.status === 'postponed', e.slug).toBe(false);
      expect(reservable.filter((e) => e.organizerId === demo?.id).length / reservable.length).toBeGreaterThan(0.5);
    });

    it('include cancelled, postponed and rescheduled events, with the dates they had first', () => {
      const count = (status: string) => rows.filter((e) => e.status === status).length;
      expect(count('cancelled')).toBeGreaterThanOrEqual(5);
      expect(count('postponed')).toBeGreaterThanOrEqual(5);
      expect(count('rescheduled')).toBeGreaterThanOrEqual(2);
      expect(count('scheduled') / rows.length).toBeGreaterThan(0.9);
      const postponed = rows.filter((e) => e.status === 'postponed');
      expect(postponed.filter((e) => e.dateTba).length).toBe(postponed.length);
      for (const e of postponed.filter((x) => x.dateTba)) expect(e.previousStartsAt?.getTime(), e.slug).toBe(e.startsAt.getTime());
      for (const e of rows.filter((x) => x.status === 'rescheduled')) {
        expect(e.dateTba).toBe(false);
        expect(e.previousStartsAt?.getTime() ?? Infinity, e.slug).toBeLessThan(e.startsAt.getTime());
      }
    });

    it('are mostly offline, some online (no venue) and a few mixed', () => {
      const online = rows.filter((e) => e.attendanceMode === 'online');
      const mixed = rows.filter((e) => e.attendanceMode === 'mixed');
      expect(online.length).toBeGreaterThanOrEqual(5);
      expect(mixed.length).toBeGreaterThanOrEqual(2);
      for (const e of online) {
        expect(e.venueId).toBeNull();
        expect(e.onlineUrl).toMatch(/^https:\/\/live\.kuda\.demo\/[a-z0-9-]+$/);
      }
      for (const e of mixed) {
        expect(e.venueId).not.toBeNull();
        expect(e.onlineUrl).toMatch(/^https:\/\/live\.kuda\.demo\//);
      }
      for (const e of rows.filter((r) => r.attendanceMode === 'offline')) {
        expect(e.venueId).not.toBeNull();
        expect(e.onlineUrl).toBeNull();
      }
    });

    it('list performers for concerts, theatre and stand-up', () => {
      for (const e of rows) {
        const slug = categorySlug.get(e.categoryId);
        if (slug === 'koncerti' || slug === 'pozoriste' || slug === 'stand-up') {
          expect(e.performers.length, e.slug).toBeGreaterThanOrEqual(1);
          for (const p of e.performers) {
            expect(p.name).toBeTruthy();
            expect(['Person', 'PerformingGroup']).toContain(p.type);
          }
        }
      }
    });

    it('show artwork of their category that exists on disk', () => {
      const files = allEventImageFiles();
      let total = 0;
      for (const file of files) {
        expect(existsSync(join(IMAGES_DIR, file)), file).toBe(true);
        total += statSync(join(IMAGES_DIR, file)).size;
      }
      expect(total).toBeLessThan(2.5 * 1024 * 1024);
      const used = new Set<string>();
      for (const e of rows) {
        expect(e.images).toHaveLength(1);
        const [image] = e.images;
        expect(image?.url).toMatch(new RegExp(`^/images/events/${categorySlug.get(e.categoryId)}-\\d+\\.jpg$`));
        expect(image).toMatchObject({ width: 1200, height: 630 });
        expectFourLanguages(image?.alt, `alt ${e.slug}`);
        used.add(image?.url.split('/').pop() ?? '');
      }
      for (const file of used) expect(files).toContain(file);
    });
  });

  describe('seedIfEmpty', () => {
    const log = () => {
      const lines: string[] = [];
      return { lines, info: (_obj: object, msg?: string) => void lines.push(msg ?? '') };
    };

    it('never seeds with SEED_DEMO=never', async () => {
      const logger = log();
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'never' }, logger)).toBe(false);
      expect(logger.lines.join(' ')).toMatch(/never/);
    });

    it('leaves an external database alone with SEED_DEMO=auto', async () => {
      const logger = log();
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'auto', DATABASE_URL: 'postgres://x/y' }, logger)).toBe(false);
      expect(logger.lines).toHaveLength(1);
    });

    it('does not seed a database that has a catalogue', async () => {
      const before = (await database.db.select({ id: events.id }).from(events)).length;
      const logger = log();
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'always' }, logger)).toBe(false);
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'auto' }, logger)).toBe(false);
      expect((await database.db.select({ id: events.id }).from(events)).length).toBe(before);
    });

    // Last on purpose: it empties the shared database and seeds it again with the real clock.
    it('seeds an empty embedded database with SEED_DEMO=auto', async () => {
      await database.exec('TRUNCATE cities, categories, tags, organizers, users RESTART IDENTITY CASCADE');
      const logger = log();
      const startsAfter = Date.now();
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'auto' }, logger)).toBe(true);
      expect(logger.lines.join(' ')).toMatch(/seeded \d+ events at 40 venues/);
      const starts = (await database.db.select({ startsAt: events.startsAt }).from(events)).map((r) => r.startsAt.getTime());
      expect(starts.length).toBeGreaterThanOrEqual(320);
      expect(Math.min(...starts)).toBeGreaterThan(startsAfter);
      expect(await seedIfEmpty({ database }, { SEED_DEMO: 'always' }, logger)).toBe(false);
    }, 60_000);
  });
});

describe('buildDemoProgramme', () => {
  it('is deterministic for one now and seed', () => {
    const a = buildDemoProgramme(NOW, mulberry32(7));
    const b = buildDemoProgramme(NOW, mulberry32(7));
    const c = buildDemoProgramme(NOW, mulberry32(8));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('makes ASCII slugs from Serbian Latin', () => {
    expect(slugify('Džez veče: Ana Petrović Kvartet')).toBe('dzez-vece-ana-petrovic-kvartet');
    expect(slugify('Beogradska tvrđava — Šumice & Žarkovo')).toBe('beogradska-tvrdjava-sumice-i-zarkovo');
    expect(slugify('a'.repeat(50) + ' ' + 'b'.repeat(50)).length).toBeLessThanOrEqual(80);
  });
});

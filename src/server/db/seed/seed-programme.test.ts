import { describe, expect, it } from 'vitest';
import { presetRange, startOfLocalDay, zonedTime } from '../../../shared/zoned-time';
import { EVENT_FOR_REVIEW, NEW_VENUE } from './data/admin';
import { CONTENT, IMAGE_ALT, PRACTICAL } from './data/content';
import { ORGANIZERS } from './data/organizers';
import { PERFORMER_POOLS } from './data/performers';
import { SEED_PLAN } from './data/rules';
import { CATEGORIES, CITIES, TAGS } from './data/taxonomy';
import type { L4 } from './data/types';
import { VENUES } from './data/venues';
import { BILINGUAL_DRAFT, CYRILLIC_DRAFT, DEMO_PHOTOS, PUBLISHED_EVENT, SCHEDULED_EVENT, SERIES_EVENT, WORKSPACE_VENUES } from './data/workspace';
import { workspaceStart } from './demo-workspace';
import { buildDemoProgramme, type EventDraft } from './seed-programme';
import { mulberry32 } from './seed-random';

/*
 * What makes the demo look real (issue #11): events at the hours their kind keeps, no title twice on one
 * night in one city, texts in Ukrainian and Russian without stray Latin words, and always something later
 * today and this weekend in both cities, whatever the hour the demo is seeded at. No database: the programme
 * is built in memory for a set of "now"s (seed.test.ts checks what is written).
 */

const TIME_ZONE = 'Europe/Belgrade';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Belgrade wall-clock instant: `at(2026, 3, 20, '11:00')`. */
function at(year: number, month: number, day: number, time: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return zonedTime({ year, month, day, hour, minute }, TIME_ZONE);
}

/** The hour now falls on, relative to the real clock: the same Belgrade time today (tests pass at any hour). */
function todayAt(hhmm: string, addDays = 0): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number, number];
  return at(year, month, day + addDays, hhmm);
}

/** The next Sunday (or today, when it is one) at this Belgrade time. */
function sundayAt(hhmm: string): Date {
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'short' }).format(new Date());
  const toSunday = (7 - ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday)) % 7;
  return todayAt(hhmm, toSunday);
}

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const night = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Minutes past the midnight that starts the event's night: a club night at 00:30 is 24:30 of the evening before. */
function nightMinutes(instant: Date): number {
  const [hour = 0, minute = 0] = clock.format(instant).split(':').map(Number);
  return (hour < 6 ? hour + 24 : hour) * 60 + minute;
}
const nightOf = (instant: Date) => night.format(new Date(instant.getTime() - 6 * 60 * MINUTE));
const hhmm = (text: string) => {
  const [h = 0, m = 0] = text.split(':').map(Number);
  return h * 60 + m;
};

/**
 * The hours each kind of event may start at (issue #11): concerts in the evening, club nights 22:00–01:00,
 * theatre 19:00–20:30, kids 10:00–18:00, each sport at its own hours, exhibitions by day.
 */
const START_HOURS: Record<string, readonly (readonly [string, string])[]> = {
  koncerti: [['18:00', '22:00']],
  klubovi: [['22:00', '25:00']],
  pozoriste: [['19:00', '20:30']],
  'sport/fudbal': [['14:00', '20:30']],
  'sport/kosarka': [['17:00', '21:00']],
  'sport/odbojka': [['16:00', '20:30']],
  'sport/trcanje': [['08:00', '11:00'], ['18:00', '19:30']],
  deca: [['10:00', '18:00']],
  izlozbe: [['10:00', '19:00']],
  festivali: [['10:00', '20:00']],
  'stand-up': [['19:30', '22:00']],
  film: [['16:00', '22:30']],
  radionice: [['10:00', '20:00']],
};

function fitsHours(category: string, subcategory: string, startsAt: Date): boolean {
  const hours = START_HOURS[`${category}/${subcategory}`] ?? START_HOURS[category];
  if (!hours) throw new Error(`No hours for ${category}/${subcategory}`);
  const minutes = nightMinutes(startsAt);
  return hours.some(([from, to]) => minutes >= hhmm(from) && minutes <= hhmm(to));
}

/** Fixed dates around both clock changes, each hour that matters, and today at the same hours (real clock). */
const NOWS: { name: string; now: Date }[] = [
  { name: 'a Friday morning before the spring change', now: at(2026, 3, 20, '11:00') },
  { name: 'the Saturday night the clocks go back, 23:40', now: at(2026, 10, 24, '23:40') },
  { name: 'a Sunday at 21:00', now: at(2026, 11, 29, '21:00') },
  { name: 'a Tuesday at 00:20', now: at(2026, 11, 24, '00:20') },
  { name: 'a Wednesday at 04:00', now: at(2027, 1, 6, '04:00') },
  { name: 'today at 23:30', now: todayAt('23:30') },
  { name: 'today at 18:45', now: todayAt('18:45') },
  { name: 'next Sunday at 20:30', now: sundayAt('20:30') },
];

const programmes = new Map<Date, EventDraft[]>();
function programme(now: Date): EventDraft[] {
  let built = programmes.get(now);
  if (!built) programmes.set(now, (built = buildDemoProgramme(now, mulberry32(20_260_401))));
  return built;
}

const startingIn = (events: readonly EventDraft[], range: { from: Date; to?: Date }) =>
  events.filter((e) => e.startsAt >= range.from && (!range.to || e.startsAt < range.to));
const citiesOf = (events: readonly EventDraft[]) => new Set(events.map((e) => e.city).filter(Boolean));
const categoriesIn = (events: readonly EventDraft[], city: string) => new Set(events.filter((e) => e.city === city).map((e) => e.category));

describe.each(NOWS)('the demo programme seeded on $name', ({ now }) => {
  it('starts every event at an hour its kind keeps, on a quarter hour, after now', () => {
    for (const e of programme(now)) {
      const what = `${e.category}/${e.subcategory} ${e.slug} at ${clock.format(e.startsAt)}`;
      expect(fitsHours(e.category, e.subcategory, e.startsAt), what).toBe(true);
      expect(nightMinutes(e.startsAt) % 15, what).toBe(0);
      expect(e.startsAt.getTime(), what).toBeGreaterThan(now.getTime());
    }
  });

  it('never has two events of one title on one night in one city', () => {
    const seen = new Map<string, string>();
    for (const e of programme(now)) {
      const key = `${e.city ?? 'online'} ${nightOf(e.startsAt)} ${e.title.sr}`;
      expect(seen.get(key), key).toBeUndefined();
      seen.set(key, e.slug);
    }
  });

  it('has something later today in both cities', () => {
    const today = startingIn(programme(now), presetRange('today', now, TIME_ZONE));
    // Past 23:45 the night's club events start after midnight, which is tomorrow for the "today" filter.
    const tooLate = now.getTime() > startOfLocalDay(now, TIME_ZONE, 1).getTime() - 25 * MINUTE;
    if (tooLate) {
      const tonight = programme(now).filter((e) => e.tonight);
      expect(citiesOf(tonight)).toEqual(new Set(['beograd', 'novi-sad']));
      for (const e of tonight) expect(e.startsAt.getTime() - now.getTime()).toBeLessThan(90 * MINUTE);
    } else {
      expect(citiesOf(today)).toEqual(new Set(['beograd', 'novi-sad']));
    }
  });

  it('has this weekend in both cities, in several categories', () => {
    const weekend = startingIn(programme(now), presetRange('weekend', now, TIME_ZONE));
    expect(citiesOf(weekend)).toEqual(new Set(['beograd', 'novi-sad']));
    const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'short' }).format(now);
    // On a Sunday evening only tonight is left of it; before that the weekend is full.
    if (weekday !== 'Sun') {
      expect(categoriesIn(weekend, 'beograd').size).toBeGreaterThanOrEqual(5);
      expect(categoriesIn(weekend, 'novi-sad').size).toBeGreaterThanOrEqual(3);
    }
  });

  it('shows a cancelled and a postponed event within days, and keeps the dates of changed ones', () => {
    const events = programme(now);
    const soon = (e: EventDraft) => e.startsAt.getTime() < now.getTime() + SEED_PLAN.statusWithinDays * DAY;
    expect(events.some((e) => e.status === 'cancelled' && soon(e))).toBe(true);
    const postponed = events.filter((e) => e.status === 'postponed');
    // Each waits for a date to be announced, its first date kept; the soonest falls within days.
    expect(soon(postponed[0]!)).toBe(true);
    expect(postponed.length).toBeGreaterThan(1);
    for (const e of postponed) expect(e).toMatchObject({ dateTba: true, previousStartsAt: e.startsAt });
    const moved = events.filter((e) => e.status === 'rescheduled');
    expect(moved.length).toBeGreaterThan(0);
    for (const e of moved) {
      expect(e.dateTba).toBe(false);
      const days = (e.startsAt.getTime() - (e.previousStartsAt?.getTime() ?? 0)) / DAY;
      expect(Math.round(days), e.slug).toBe(SEED_PLAN.rescheduledByDays);
      expect(clock.format(e.previousStartsAt!)).toBe(clock.format(e.startsAt));
    }
    for (const e of events.filter((x) => x.status === 'scheduled' || x.status === 'cancelled')) {
      expect(e).toMatchObject({ dateTba: false, previousStartsAt: null });
    }
  });

  it('puts every jazz artist in a title (the search journeys look one up across scripts)', () => {
    const titles = programme(now).map((e) => e.title.uk).join('\n');
    for (const artist of PERFORMER_POOLS.jazz) expect(titles).toContain(artist.name);
  });
});

describe('the demo organizer workspace and review queue', () => {
  it('start at the hours of their kind too', () => {
    const now = todayAt('12:00');
    for (const event of [SERIES_EVENT, PUBLISHED_EVENT, SCHEDULED_EVENT, CYRILLIC_DRAFT, BILINGUAL_DRAFT, EVENT_FOR_REVIEW]) {
      expect(fitsHours(event.category, event.subcategory, workspaceStart(event.when, now)), event.title.sr).toBe(true);
    }
  });
});

describe('the demo organizers', () => {
  it('link only inside Kuda, or nowhere', () => {
    for (const organizer of ORGANIZERS) {
      if (organizer.website !== undefined) expect(organizer.website, organizer.slug).toMatch(/^\/(?!\/)/);
    }
  });
});

/*
 * Ukrainian and Russian texts keep a Latin word only when it is a name: a performer's, a venue's, an
 * organizer's, the app's, a work's title that no language translates (a party called "Night Shift" in every
 * language), Roman numerals and words with digits ("3D"). Anything else in Latin script is a word left
 * untranslated (e.g. "world" in "Етно і world").
 */
describe('Ukrainian and Russian demo texts', () => {
  const LATIN_WORD = /\d*\p{Script=Latin}[\p{Script=Latin}\d'’&-]*/gu;
  const names = new Set<string>(['Kuda']);
  const addName = (text: string) => {
    for (const word of text.match(LATIN_WORD) ?? []) names.add(word);
  };
  Object.values(PERFORMER_POOLS).flat().forEach((p) => addName(p.name));
  VENUES.forEach((v) => addName(v.name));
  ORGANIZERS.forEach((o) => addName(o.name));
  for (const category of Object.values(CONTENT)) {
    for (const sub of Object.values(category.subcategories)) {
      for (const work of sub.works ?? []) if (work.sr === work.uk && work.sr === work.ru) addName(work.sr);
    }
  }
  const isName = (word: string) => names.has(word) || /^[IVXLC]+$/.test(word) || /\d/.test(word);

  /** Every text with all four languages under `value` (templates, names, descriptions, alt texts). */
  function texts(value: unknown, path: string, out: { path: string; text: Partial<L4> }[] = []) {
    if (!value || typeof value !== 'object') return out;
    const record = value as Record<string, unknown>;
    if (typeof record.uk === 'string' || typeof record.ru === 'string') {
      out.push({ path, text: record as Partial<L4> });
      return out;
    }
    for (const [key, child] of Object.entries(record)) texts(child, `${path}.${key}`, out);
    return out;
  }

  const sources = {
    categories: CATEGORIES,
    tags: TAGS,
    cities: CITIES,
    venueDescriptions: VENUES.map((v) => ({ [v.slug]: v.description })),
    content: CONTENT,
    practical: PRACTICAL,
    imageAlt: IMAGE_ALT,
    workspaceVenues: WORKSPACE_VENUES,
    workspaceEvents: [SERIES_EVENT, PUBLISHED_EVENT, SCHEDULED_EVENT, BILINGUAL_DRAFT],
    photos: DEMO_PHOTOS,
    review: [EVENT_FOR_REVIEW, NEW_VENUE],
  };

  it.each(Object.entries(sources))('%s have no untranslated Latin word', (name, source) => {
    const found = texts(source, name);
    expect(found.length).toBeGreaterThan(0);
    for (const { path, text } of found) {
      for (const locale of ['uk', 'ru'] as const) {
        const stray = (text[locale] ?? '').replace(/\{\w+\}/g, '').match(LATIN_WORD)?.filter((word) => !isName(word)) ?? [];
        expect(stray, `${path}.${locale}: ${text[locale]}`).toEqual([]);
      }
    }
  });

  it('tell a left-over word from a name', () => {
    expect(isName('Vesna')).toBe(true);
    expect(isName('XX')).toBe(true);
    expect(isName('world')).toBe(false);
  });

});

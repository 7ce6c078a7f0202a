import { randomUUID } from 'node:crypto';
import { hash, type Algorithm } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import {
  accounts as accountRows,
  categories,
  cities,
  eventTags,
  events,
  organizerMembers,
  organizers,
  subcategories,
  tags,
  venues,
  type EventImage,
  type Performer,
} from '../schema';
import { DEMO_ACCOUNTS, type DemoAccount } from './data/accounts';
import { CONTENT, IMAGE_ALT, PRACTICAL, type TitleTemplate } from './data/content';
import {
  EVENT_IMAGE_BASE_URL,
  EVENT_IMAGE_HEIGHT,
  EVENT_IMAGE_WIDTH,
  IMAGE_VARIANTS,
  eventImageFile,
} from './data/images';
import { DEMO_ORGANIZER_SLUG, ORGANIZERS } from './data/organizers';
import { PERFORMER_POOLS } from './data/performers';
import { CATEGORY_RULES, DEFAULT_RANDOM_SEED, SEED_PLAN } from './data/rules';
import { CATEGORIES, CITIES, TAGS, type CityData } from './data/taxonomy';
import type { CategorySlug, L4, TagSlug } from './data/types';
import { VENUES, type VenueData } from './data/venues';

/* ───────────────────────────── randomness and time ───────────────────────────── */

/** A tiny deterministic PRNG (mulberry32): the same seed gives the same demo programme. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Picker {
  constructor(readonly random: () => number) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.random() * items.length)] as T;
  }

  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let roll = this.random() * total;
    for (const item of items) {
      roll -= weight(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      out.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0] as T);
    }
    return out;
  }
}

const TIME_ZONE = 'Europe/Belgrade';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const zoneFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(date: Date): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far Belgrade's wall clock is ahead of UTC at an instant (1 or 2 hours). */
function zoneOffset(date: Date): number {
  const p = localParts(date);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (date.getTime() - date.getUTCMilliseconds());
}

/** The instant when Belgrade's clocks show `minutes` past midnight on the given calendar date. */
function belgradeTime(year: number, month: number, day: number, minutes: number): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = wall - zoneOffset(new Date(wall));
  instant = wall - zoneOffset(new Date(instant));
  return new Date(instant);
}

interface LocalDay {
  /** Days after today (Belgrade calendar). */
  index: number;
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

function localDays(now: Date, count: number): LocalDay[] {
  const today = localParts(now);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + index));
    return {
      index,
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      weekday: date.getUTCDay(),
    };
  });
}

const toMinutes = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

const ceilToQuarter = (ms: number): number => Math.ceil(ms / (15 * MINUTE)) * 15 * MINUTE;

/* ───────────────────────────── text helpers ───────────────────────────── */

const LOCALE_KEYS = ['sr', 'en', 'uk', 'ru'] as const;
type Vars = Record<string, string | undefined>;

/** Fills {placeholders}; null when one of them has no value. */
function fillText(template: string, vars: Vars): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

function fill(template: L4, vars: Record<keyof L4, Vars>): L4 | null {
  const out: Partial<L4> = {};
  for (const locale of LOCALE_KEYS) {
    const text = fillText(template[locale], vars[locale]);
    if (text === null) return null;
    out[locale] = text;
  }
  return out as L4;
}

function fillable<T>(templates: readonly T[], text: (item: T) => L4, vars: Record<keyof L4, Vars>): { item: T; text: L4 }[] {
  return templates.flatMap((item) => {
    const filled = fill(text(item), vars);
    return filled ? [{ item, text: filled }] : [];
  });
}

function joinSentences(sentences: readonly L4[]): L4 {
  const out: Partial<L4> = {};
  for (const locale of LOCALE_KEYS) out[locale] = sentences.map((s) => s[locale]).join(' ');
  return out as L4;
}

const TRANSLITERATION: Record<string, string> = { č: 'c', ć: 'c', đ: 'dj', š: 's', ž: 'z', Č: 'c', Ć: 'c', Đ: 'dj', Š: 's', Ž: 'z' };

/** ASCII kebab-case from Serbian Latin text (č→c, ć→c, đ→dj, š→s, ž→z), at most `max` characters. */
export function slugify(text: string, max = 80): string {
  const ascii = text
    .replace(/[čćđšžČĆĐŠŽ]/g, (ch) => TRANSLITERATION[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' i ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= max) return ascii;
  const cut = ascii.slice(0, max + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 20 ? cut.slice(0, lastDash) : ascii.slice(0, max)).replace(/-+$/g, '');
}

/* ───────────────────────────── the programme ───────────────────────────── */

type Status = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';
type Mode = 'offline' | 'online' | 'mixed';
type When = 'tonight' | 'tomorrow' | 'weekend' | 'any';

interface Spec {
  category: CategorySlug;
  subcategory: string;
  venue: VenueData | null;
  mode: Mode;
  when: When;
}

/** One generated event, before it gets database ids. */
export interface EventDraft {
  slug: string;
  title: L4;
  description: L4;
  category: CategorySlug;
  subcategory: string;
  venueSlug: string | null;
  city: CityData['slug'] | null;
  organizerSlug: string;
  startsAt: Date;
  endsAt: Date;
  status: Status;
  attendanceMode: Mode;
  onlineUrl: string | null;
  images: EventImage[];
  performers: Performer[];
  priceMin: number;
  priceMax: number;
  offerCount: number;
  reservable: boolean;
  tags: TagSlug[];
  /** Placed on today's evening on purpose (the "tonight" filter). */
  tonight: boolean;
}

const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);
const cityBySlug = new Map(CITIES.map((c) => [c.slug, c]));
const categoryBySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

function venueFits(venue: VenueData, category: CategorySlug, subcategory: string): boolean {
  return venue.fits.includes(category) || venue.fits.includes(`${category}/${subcategory}`);
}

function chooseVenue(pick: Picker, category: CategorySlug, subcategory: string): VenueData {
  const eligible = VENUES.filter((v) => venueFits(v, category, subcategory));
  const city = pick.chance(SEED_PLAN.belgradeShare) ? 'beograd' : 'novi-sad';
  const inCity = eligible.filter((v) => v.city === city);
  return pick.pick(inCity.length > 0 ? inCity : eligible);
}

function chooseMode(pick: Picker, category: CategorySlug): Mode {
  const rules = CATEGORY_RULES[category];
  const roll = pick.random();
  if (roll < rules.online && CONTENT[category].onlineIntros.length > 0) return 'online';
  if (roll < rules.online + rules.mixed) return 'mixed';
  return 'offline';
}

function makeSpec(pick: Picker, category: CategorySlug, when: When, allowOnline = true): Spec {
  const subcategory = pick.pick(categoryBySlug.get(category)?.subcategories ?? []).slug;
  const mode = allowOnline ? chooseMode(pick, category) : 'offline';
  return {
    category,
    subcategory,
    venue: mode === 'online' ? null : chooseVenue(pick, category, subcategory),
    mode,
    when,
  };
}

function buildSpecs(pick: Picker): Spec[] {
  const weightedCategory = () => pick.weighted(CATEGORY_SLUGS, (slug) => CATEGORY_RULES[slug].weight);
  const specs: Spec[] = [];
  // Every venue hosts at least one event.
  for (const venue of VENUES) {
    const fit = pick.pick(venue.fits);
    const [category, fixedSub] = fit.split('/') as [CategorySlug, string | undefined];
    const subcategory = fixedSub ?? pick.pick(categoryBySlug.get(category)?.subcategories ?? []).slug;
    const mode = chooseMode(pick, category) === 'mixed' ? 'mixed' : 'offline';
    specs.push({ category, subcategory, venue, mode, when: 'any' });
  }
  for (let i = 0; i < SEED_PLAN.tonight; i += 1) {
    specs.push(makeSpec(pick, SEED_PLAN.tonightCategories[i % SEED_PLAN.tonightCategories.length] ?? 'koncerti', 'tonight', false));
  }
  for (let i = 0; i < SEED_PLAN.tomorrow; i += 1) specs.push(makeSpec(pick, weightedCategory(), 'tomorrow'));
  for (let i = 0; i < SEED_PLAN.weekend; i += 1) specs.push(makeSpec(pick, weightedCategory(), 'weekend'));
  while (specs.length < SEED_PLAN.totalEvents) specs.push(makeSpec(pick, weightedCategory(), 'any'));
  return specs;
}

interface Timed extends Spec {
  startsAt: Date;
  endsAt: Date;
  tonight: boolean;
}

function scheduleSpecs(pick: Picker, specs: readonly Spec[], now: Date): Timed[] {
  const days = localDays(now, SEED_PLAN.horizonDays + 1);
  const earliest = now.getTime() + SEED_PLAN.minLeadMinutes * MINUTE;
  const latest = now.getTime() + 60 * DAY;
  const weekendDays = days.filter((d) => d.index >= 1 && d.index <= 7 && (d.weekday === 6 || d.weekday === 0)).slice(0, 2);
  const today = days[0] as LocalDay;
  const tonightEnd = belgradeTime(today.year, today.month, today.day, 23 * 60 + 30).getTime();
  const tonightStart = ceilToQuarter(earliest);

  const normalStart = (spec: Spec, day: LocalDay): Date => {
    const rules = CATEGORY_RULES[spec.category];
    const weekend = day.weekday === 0 || day.weekday === 6;
    const time = pick.pick(weekend ? rules.times.weekend : rules.times.weekday);
    return belgradeTime(day.year, day.month, day.day, toMinutes(time));
  };

  return specs.map((spec) => {
    const rules = CATEGORY_RULES[spec.category];
    let start: Date;
    let tonight = false;
    if (spec.when === 'tonight') {
      tonight = true;
      const candidate = normalStart(spec, today).getTime();
      if (tonightStart > tonightEnd) {
        // Too late for anything today: the night goes on after midnight.
        start = new Date(tonightStart + pick.int(0, 4) * 15 * MINUTE);
      } else if (candidate >= tonightStart && candidate <= tonightEnd) {
        start = new Date(candidate);
      } else {
        const slots = Math.floor((tonightEnd - tonightStart) / (15 * MINUTE));
        start = new Date(tonightStart + pick.int(0, slots) * 15 * MINUTE);
      }
    } else {
      let day: LocalDay;
      if (spec.when === 'tomorrow') day = days[1] as LocalDay;
      else if (spec.when === 'weekend' && weekendDays.length > 0) day = pick.pick(weekendDays);
      else day = pick.weighted(days.slice(1), (d) => rules.days[d.weekday] ?? 1);
      start = normalStart(spec, day);
      if (start.getTime() < earliest) start = new Date(ceilToQuarter(earliest));
      if (start.getTime() > latest) start = normalStart(spec, days[days.length - 2] as LocalDay);
    }
    const minutes = pick.int(rules.duration[0] / 15, rules.duration[1] / 15) * 15;
    return { ...spec, startsAt: start, endsAt: new Date(start.getTime() + minutes * MINUTE), tonight };
  });
}

function chooseStatuses(pick: Picker, count: number, eligible: readonly number[]): Status[] {
  const statuses: Status[] = Array.from({ length: count }, () => 'scheduled');
  const chosen = pick.sample(eligible, SEED_PLAN.cancelled + SEED_PLAN.postponed + SEED_PLAN.rescheduled);
  chosen.forEach((index, i) => {
    statuses[index] =
      i < SEED_PLAN.cancelled ? 'cancelled' : i < SEED_PLAN.cancelled + SEED_PLAN.postponed ? 'postponed' : 'rescheduled';
  });
  return statuses;
}

function pricing(pick: Picker, category: CategorySlug, free: boolean) {
  if (free) return { priceMin: 0, priceMax: 0, offerCount: pick.chance(0.8) ? 1 : 2 };
  const rules = CATEGORY_RULES[category];
  const steps = Math.floor((rules.price[1] - rules.price[0]) / rules.priceStep);
  const min = rules.price[0] + pick.int(0, steps) * rules.priceStep;
  const offerCount = pick.weighted([1, 2, 3], (n) => (n === 1 ? 5 : n === 2 ? 3 : 2));
  const gap = Math.max(rules.priceStep, Math.round((min * 0.35) / rules.priceStep) * rules.priceStep);
  const max = min + (offerCount - 1) * gap;
  // RSD → para (minor units).
  return { priceMin: min * 100, priceMax: max * 100, offerCount };
}

function chooseTags(
  pick: Picker,
  input: { free: boolean; mode: Mode; category: CategorySlug; outdoor: boolean; titleTags: readonly TagSlug[]; subTags: readonly TagSlug[] },
): TagSlug[] {
  const out: TagSlug[] = [];
  const add = (tag: TagSlug) => {
    if (!out.includes(tag)) out.push(tag);
  };
  if (input.free) add('besplatno');
  if (input.mode !== 'offline') add('online');
  if (input.category === 'deca') add('za-decu');
  if (input.outdoor) add('napolju');
  input.titleTags.forEach(add);
  input.subTags.forEach((tag, index) => {
    if (tag === 'besplatno' || tag === 'online') return;
    if ((tag === 'napolju' || tag === 'pet-friendly') && !input.outdoor) return;
    if (tag === 'studentski-popust' && input.free) return;
    if (index === 0 || pick.chance(0.4)) add(tag);
  });
  if (out.length === 0) add('pristupacno');
  // "besplatno" and "online" come first, so cutting to three keeps them exact.
  return out.slice(0, 3);
}

/**
 * Builds the whole demo programme without touching a database: deterministic for a given `now` and `random`
 * (the random source is consumed in a fixed order).
 */
export function buildDemoProgramme(now: Date, random: () => number): EventDraft[] {
  const pick = new Picker(random);
  const timed = scheduleSpecs(pick, buildSpecs(pick), now).sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.category.localeCompare(b.category),
  );
  const statuses = chooseStatuses(
    pick,
    timed.length,
    timed.flatMap((t, index) => (t.tonight ? [] : [index])),
  );
  const reservableCandidates = timed.flatMap((t, index) =>
    t.mode !== 'online' && (statuses[index] === 'scheduled' || statuses[index] === 'rescheduled') ? [index] : [],
  );
  const reservable = new Set(pick.sample(reservableCandidates, Math.round(timed.length * SEED_PLAN.reservableShare)));
  const usedSlugs = new Set<string>();

  return timed.map((spec, index) => {
    const content = CONTENT[spec.category];
    const sub = content.subcategories[spec.subcategory];
    if (!sub) throw new Error(`No content for ${spec.category}/${spec.subcategory}`);
    const rules = CATEGORY_RULES[spec.category];
    const status = statuses[index] ?? 'scheduled';
    const isReservable = reservable.has(index);
    const city = spec.venue ? (cityBySlug.get(spec.venue.city) ?? null) : null;

    const cast = sub.performers
      ? pick.sample(PERFORMER_POOLS[sub.performers.pool], pick.int(sub.performers.min, sub.performers.max))
      : [];
    const work = sub.works ? pick.pick(sub.works) : undefined;
    const year = String(localParts(spec.startsAt).year);
    const vars = {} as Record<keyof L4, Vars>;
    for (const locale of LOCALE_KEYS) {
      vars[locale] = {
        p: cast[0]?.name,
        q: cast[1]?.name,
        w: work?.[locale],
        v: spec.venue?.name,
        city: city?.name[locale],
        inCity: city?.inCity[locale],
        ofCity: city?.ofCity[locale],
        year,
      };
    }

    const titleOptions = fillable<TitleTemplate>(sub.titles, (tpl) => tpl.text, vars);
    if (titleOptions.length === 0) throw new Error(`No title fits ${spec.category}/${spec.subcategory}`);
    const title = pick.pick(titleOptions);

    const free = pick.chance(spec.mode === 'online' ? Math.max(rules.free, 0.35) : rules.free);
    const price = pricing(pick, spec.category, free);

    const introTemplates = spec.mode === 'online' ? content.onlineIntros : (sub.intros ?? content.intros);
    const intros = fillable(introTemplates, (t) => t, vars);
    const details = fillable(sub.details, (t) => t, vars);
    const sentences: L4[] = [];
    if (intros.length > 0) sentences.push(pick.pick(intros).text);
    if (details.length > 0) sentences.push(pick.pick(details).text);
    if (status === 'cancelled') {
      sentences.push(PRACTICAL.cancelled);
    } else {
      if (status === 'postponed') sentences.push(PRACTICAL.postponed);
      if (status === 'rescheduled') sentences.push(PRACTICAL.rescheduled);
      if (free) sentences.push(PRACTICAL.free);
      if (isReservable) sentences.push(PRACTICAL.reservable);
      else if (!free) sentences.push(spec.mode === 'online' ? PRACTICAL.onlineTickets : PRACTICAL.tickets);
      if (spec.mode === 'mixed' && sentences.length < 4) sentences.push(PRACTICAL.mixed);
      if (spec.mode !== 'online' && sentences.length < 4 && pick.chance(0.6)) sentences.push(pick.pick(content.closings));
    }

    const baseSlug = slugify(title.text.sr);
    let slug = baseSlug;
    for (let n = 2; usedSlugs.has(slug); n += 1) slug = `${baseSlug.slice(0, 76)}-${n}`;
    usedSlugs.add(slug);

    const organizerSlug =
      isReservable && pick.chance(SEED_PLAN.demoOrganizerShareOfReservable)
        ? DEMO_ORGANIZER_SLUG
        : pick.weighted(rules.organizers, (slug) => (slug === rules.organizers[0] ? 3 : 1));
    const variant = pick.int(0, IMAGE_VARIANTS[spec.category] - 1);
    const categoryName = categoryBySlug.get(spec.category)?.name;
    const alt = categoryName ? fill(IMAGE_ALT, { sr: { w: categoryName.sr }, en: { w: categoryName.en }, uk: { w: categoryName.uk }, ru: { w: categoryName.ru } }) : null;

    return {
      slug,
      title: title.text,
      description: joinSentences(sentences),
      category: spec.category,
      subcategory: spec.subcategory,
      venueSlug: spec.venue?.slug ?? null,
      city: city?.slug ?? null,
      organizerSlug,
      startsAt: spec.startsAt,
      endsAt: spec.endsAt,
      status,
      attendanceMode: spec.mode,
      onlineUrl: spec.mode === 'offline' ? null : `https://live.kuda.demo/${slug}`,
      images: [
        {
          url: `${EVENT_IMAGE_BASE_URL}/${eventImageFile(spec.category, variant)}`,
          width: EVENT_IMAGE_WIDTH,
          height: EVENT_IMAGE_HEIGHT,
          ...(alt ? { alt } : {}),
        },
      ],
      performers: sub.performers?.listed ? cast : [],
      ...price,
      reservable: isReservable,
      tags: chooseTags(pick, {
        free,
        mode: spec.mode,
        category: spec.category,
        outdoor: spec.venue?.outdoor === true,
        titleTags: title.item.tags ?? [],
        subTags: sub.tags,
      }),
      tonight: spec.tonight,
    };
  });
}

/* ───────────────────────────── writing it ───────────────────────────── */

/** Any constant works; it keeps instances that start together from seeding twice. */
const SEED_LOCK_KEY = 4_711_003;
const EVENT_CHUNK = 200;
const EVENT_TAG_CHUNK = 1000;

export interface SeedOptions {
  /** The moment the programme is built around (events start 2 h … 60 days after it). */
  now?: Date;
  /** A random source in [0, 1); defaults to mulberry32 with a fixed seed. */
  random?: () => number;
}

export interface SeedCounts {
  events: number;
  venues: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function requireId(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed: unknown ${what} "${key}"`);
  return id;
}

async function hashAccounts(now: Date) {
  const accounts: DemoAccount[] = [DEMO_ACCOUNTS.organizer, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.user];
  return Promise.all(
    accounts.map(async (account) => ({
      account,
      row: {
        id: randomUUID(),
        email: account.email,
        // Demo addresses count as proven (nobody else can claim them).
        emailVerifiedAt: now,
        // Argon2id (Algorithm.Argon2id = 2; the enum is a const enum, so it cannot be imported as a value).
        passwordHash: await hash(account.password, { algorithm: 2 as Algorithm }),
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber ?? null,
        phoneVerifiedAt: account.phoneNumber ? now : null,
        role: account.role,
        locale: account.locale,
      } satisfies typeof accountRows.$inferInsert,
    })),
  );
}

/** True when the catalogue has no categories yet (the seed's "empty database" test). */
export async function isCatalogEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length === 0;
}

async function writeDemo(database: Database, options: SeedOptions, onlyIfEmpty: boolean): Promise<SeedCounts | null> {
  const now = options.now ?? new Date();
  const programme = buildDemoProgramme(now, options.random ?? mulberry32(DEFAULT_RANDOM_SEED));
  const accounts = await hashAccounts(now);

  return database.db.transaction(async (tx) => {
    // Serialises concurrent seeders; the lock ends with the transaction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (onlyIfEmpty && !(await isCatalogEmpty(tx))) return null;

    const cityRows = await tx
      .insert(cities)
      .values(CITIES.map((c) => ({ slug: c.slug, name: c.name, timeZone: c.timeZone })))
      .returning({ id: cities.id, slug: cities.slug });
    const cityIds = new Map(cityRows.map((r) => [r.slug, r.id]));

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, icon: c.icon, position })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((r) => [r.slug, r.id]));

    const subcategoryRows = await tx
      .insert(subcategories)
      .values(
        CATEGORIES.flatMap((c) =>
          c.subcategories.map((s, position) => ({
            categoryId: requireId(categoryIds, c.slug, 'category'),
            slug: s.slug,
            name: s.name,
            position,
          })),
        ),
      )
      .returning({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug });
    const subcategoryIds = new Map(subcategoryRows.map((r) => [`${r.categoryId}/${r.slug}`, r.id]));

    const tagRows = await tx
      .insert(tags)
      .values(TAGS.map((t, position) => ({ slug: t.slug, name: t.name, position })))
      .returning({ id: tags.id, slug: tags.slug });
    const tagIds = new Map(tagRows.map((r) => [r.slug, r.id]));

    const organizerRows = await tx
      .insert(organizers)
      .values(ORGANIZERS.map((o) => ({ slug: o.slug, name: o.name, website: o.website ?? null })))
      .returning({ id: organizers.id, slug: organizers.slug });
    const organizerIds = new Map(organizerRows.map((r) => [r.slug, r.id]));

    const venueRows = await tx
      .insert(venues)
      .values(
        VENUES.map((v) => ({
          slug: v.slug,
          cityId: requireId(cityIds, v.city, 'city'),
          name: v.name,
          description: v.description,
          streetAddress: v.streetAddress,
          postalCode: v.postalCode,
          locality: v.locality,
          country: 'RS',
          lat: v.lat,
          lng: v.lng,
          website: v.website ?? null,
        })),
      )
      .returning({ id: venues.id, slug: venues.slug });
    const venueIds = new Map(venueRows.map((r) => [r.slug, r.id]));

    await tx.insert(accountRows).values(accounts.map((a) => a.row));
    const memberships = accounts.flatMap(({ account, row }) =>
      (account.organizers ?? []).map((slug) => ({ organizerId: requireId(organizerIds, slug, 'organizer'), userId: row.id })),
    );
    if (memberships.length > 0) await tx.insert(organizerMembers).values(memberships);

    const eventIds = new Map<string, number>();
    for (const chunk of chunks(programme, EVENT_CHUNK)) {
      const rows = await tx
        .insert(events)
        .values(
          chunk.map((e) => {
            const categoryId = requireId(categoryIds, e.category, 'category');
            return {
              slug: e.slug,
              title: e.title,
              description: e.description,
              categoryId,
              subcategoryId: requireId(subcategoryIds, `${categoryId}/${e.subcategory}`, 'subcategory'),
              venueId: e.venueSlug ? requireId(venueIds, e.venueSlug, 'venue') : null,
              organizerId: requireId(organizerIds, e.organizerSlug, 'organizer'),
              startsAt: e.startsAt,
              endsAt: e.endsAt,
              timeZone: TIME_ZONE,
              status: e.status,
              attendanceMode: e.attendanceMode,
              onlineUrl: e.onlineUrl,
              images: e.images,
              performers: e.performers,
              currency: 'RSD',
              priceMin: e.priceMin,
              priceMax: e.priceMax,
              offerCount: e.offerCount,
              reservable: e.reservable,
              published: true,
            } satisfies typeof events.$inferInsert;
          }),
        )
        .returning({ id: events.id, slug: events.slug });
      for (const row of rows) eventIds.set(row.slug, row.id);
    }

    const links = programme.flatMap((e) =>
      e.tags.map((tag) => ({ eventId: requireId(eventIds, e.slug, 'event'), tagId: requireId(tagIds, tag, 'tag') })),
    );
    for (const chunk of chunks(links, EVENT_TAG_CHUNK)) await tx.insert(eventTags).values(chunk);

    return { events: programme.length, venues: VENUES.length };
  });
}

/**
 * Inserts the demo catalogue (cities, categories, tags, venues, organizers, demo accounts, ~340 events)
 * in one transaction. Fails if the catalogue already exists (unique slugs).
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedCounts> {
  const counts = await writeDemo(database, options, false);
  if (!counts) throw new Error('Seed: nothing was written');
  return counts;
}

/**
 * DESIGN §8 SEED_DEMO: "never" → nothing; "always" → seed when the catalogue is empty; "auto" → seed only an
 * empty embedded database (no DATABASE_URL). Returns whether it seeded.
 */
export async function seedIfEmpty(
  services: { database: Database },
  config: { SEED_DEMO: 'auto' | 'always' | 'never'; DATABASE_URL?: string },
  log: { info: (obj: object, msg?: string) => void },
): Promise<boolean> {
  const mode = config.SEED_DEMO;
  if (mode === 'never') {
    log.info({ seedDemo: mode }, 'demo data: not seeding (SEED_DEMO=never)');
    return false;
  }
  if (mode === 'auto' && config.DATABASE_URL) {
    log.info({ seedDemo: mode }, 'demo data: not seeding an external database (set SEED_DEMO=always to seed it)');
    return false;
  }
  const { database } = services;
  if (!(await isCatalogEmpty(database.db))) {
    log.info({ seedDemo: mode }, 'demo data: the catalogue already has data, not seeding');
    return false;
  }
  const startedAt = performance.now();
  const counts = await writeDemo(database, {}, true);
  if (!counts) {
    log.info({ seedDemo: mode }, 'demo data: another instance seeded first, not seeding');
    return false;
  }
  log.info(
    { seedDemo: mode, ...counts, ms: Math.round(performance.now() - startedAt), accounts: Object.values(DEMO_ACCOUNTS).map((a) => a.email) },
    `demo data: seeded ${counts.events} events at ${counts.venues} venues`,
  );
  return true;
}

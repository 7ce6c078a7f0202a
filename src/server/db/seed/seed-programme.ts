import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { slugify } from '../../../shared/slug';
import { localParts as zonedParts, zonedTime } from '../../../shared/zoned-time';
import type { EventImage, Performer } from '../schema';
import { CONTENT, IMAGE_ALT, PRACTICAL, type TitleTemplate } from './data/content';
import {
  EVENT_IMAGE_BASE_URL,
  EVENT_IMAGE_HEIGHT,
  EVENT_IMAGE_WIDTH,
  IMAGE_VARIANTS,
  eventImageFile,
} from './data/images';
import { DEMO_ORGANIZER_SLUG } from './data/organizers';
import { PERFORMER_POOLS } from './data/performers';
import { CATEGORY_RULES, SEED_PLAN } from './data/rules';
import { CATEGORIES, CITIES, type CityData } from './data/taxonomy';
import type { CategorySlug, L4, TagSlug } from './data/types';
import { VENUES, type VenueData } from './data/venues';
import { Picker } from './seed-random';
import { fill, fillable, joinSentences, LOCALE_KEYS, type Vars } from './seed-text';

/*
 * The demo programme: a believable few weeks of events across the cities, built from the
 * data files and one seeded random source, so the same seed gives the same programme. seed.ts writes it.
 */

const TIME_ZONE = DEFAULT_TIME_ZONE;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const localParts = (date: Date) => zonedParts(date, TIME_ZONE);

/** The instant when Belgrade's clocks show `minutes` past midnight on the given calendar date. */
function belgradeTime(year: number, month: number, day: number, minutes: number): Date {
  return zonedTime({ year, month, day, minute: minutes }, TIME_ZONE);
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


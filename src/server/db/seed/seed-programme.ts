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
import { CATEGORY_RULES, SEED_PLAN, startTimes } from './data/rules';
import { CATEGORIES, CITIES, type CityData } from './data/taxonomy';
import type { CategorySlug, CitySlug, L4, TagSlug } from './data/types';
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
const QUARTER = 15 * MINUTE;
/** A night runs until this local hour of the next morning (a club night at 00:30 belongs to the evening before). */
const NIGHT_ENDS_HOUR = 6;

const localParts = (date: Date) => zonedParts(date, TIME_ZONE);

/** The instant when Belgrade's clocks show `minutes` past midnight on the given calendar date (may exceed 24 h). */
function belgradeTime(year: number, month: number, day: number, minutes: number): Date {
  return zonedTime({ year, month, day, minute: minutes }, TIME_ZONE);
}

interface LocalDay {
  /** Days after today (Belgrade calendar); -1 is yesterday, whose night may still be going on. */
  index: number;
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

function localDays(now: Date, count: number, first = 0): LocalDay[] {
  const today = localParts(now);
  return Array.from({ length: count }, (_, n) => {
    const index = first + n;
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

const ceilToQuarter = (ms: number): number => Math.ceil(ms / QUARTER) * QUARTER;

/** The Belgrade night an instant belongs to ("YYYY-MM-DD" of the evening; early morning counts as the night before). */
function belgradeNight(instant: Date): string {
  const p = localParts(new Date(instant.getTime() - NIGHT_ENDS_HOUR * 60 * MINUTE));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes after the start of its night's calendar day (00:30 after a Friday is 24:30 on Friday). */
function nightMinutes(instant: Date): number {
  const p = localParts(instant);
  const minutes = p.hour * 60 + p.minute;
  return p.hour < NIGHT_ENDS_HOUR ? minutes + 24 * 60 : minutes;
}

type Status = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';
type Mode = 'offline' | 'online' | 'mixed';
type When = 'tonight' | 'tomorrow' | 'weekend' | 'any';

interface Spec {
  category: CategorySlug;
  subcategory: string;
  venue: VenueData | null;
  mode: Mode;
  when: When;
  /** Tonight's events come with their start already chosen. */
  startsAt?: Date;
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
  /** Postponed with the new date still to be announced. */
  dateTba: boolean;
  /** The date a postponed or rescheduled event had first. */
  previousStartsAt: Date | null;
  attendanceMode: Mode;
  onlineUrl: string | null;
  images: EventImage[];
  performers: Performer[];
  priceMin: number;
  priceMax: number;
  offerCount: number;
  reservable: boolean;
  tags: TagSlug[];
  /** Placed later today on purpose (the "today" filter, and "this weekend" on a Saturday or Sunday). */
  tonight: boolean;
}

const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);
const cityBySlug = new Map(CITIES.map((c) => [c.slug, c]));
const categoryBySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

function venueFits(venue: VenueData, category: CategorySlug, subcategory: string): boolean {
  return venue.fits.includes(category) || venue.fits.includes(`${category}/${subcategory}`);
}

/** The subcategories of `category` a venue hosts. */
function venueSubcategories(venue: VenueData, category: CategorySlug): string[] {
  const all = categoryBySlug.get(category)?.subcategories.map((s) => s.slug) ?? [];
  return venue.fits.includes(category) ? all : all.filter((sub) => venue.fits.includes(`${category}/${sub}`));
}

function chooseVenue(pick: Picker, category: CategorySlug, subcategory: string, city?: CitySlug): VenueData {
  const eligible = VENUES.filter((v) => venueFits(v, category, subcategory));
  const wanted = city ?? (pick.chance(SEED_PLAN.belgradeShare) ? 'beograd' : 'novi-sad');
  const inCity = eligible.filter((v) => v.city === wanted);
  return pick.pick(inCity.length > 0 ? inCity : eligible);
}

function chooseMode(pick: Picker, category: CategorySlug): Mode {
  const rules = CATEGORY_RULES[category];
  const roll = pick.random();
  if (roll < rules.online && CONTENT[category].onlineIntros.length > 0) return 'online';
  if (roll < rules.online + rules.mixed) return 'mixed';
  return 'offline';
}

function makeSpec(pick: Picker, category: CategorySlug, when: When, city?: CitySlug): Spec {
  const subcategory = pick.pick(categoryBySlug.get(category)?.subcategories ?? []).slug;
  // An event bound to a city needs a venue there.
  const mode = city ? (chooseMode(pick, category) === 'mixed' ? 'mixed' : 'offline') : chooseMode(pick, category);
  return {
    category,
    subcategory,
    venue: mode === 'online' ? null : chooseVenue(pick, category, subcategory, city),
    mode,
    when,
  };
}

/**
 * The quarter hours later today (and on into the small hours for a club night) at which this kind of event may
 * start: at least an hour after `now` when the evening allows it, else as soon as ten minutes after, so that a
 * demo opened at 23:30 still has something "today". Empty when its window has passed.
 */
function tonightSlots(now: Date, category: CategorySlug, subcategory: string): Date[] {
  const [yesterday, today] = localDays(now, 2, -1) as [LocalDay, LocalDay];
  const midnight = belgradeTime(today.year, today.month, today.day, 24 * 60).getTime();
  const { window } = startTimes(category, subcategory);
  const all: number[] = [];
  for (const day of [yesterday, today]) {
    for (const [from, to] of window) {
      for (let minutes = toMinutes(from); minutes <= toMinutes(to); minutes += 15) {
        all.push(belgradeTime(day.year, day.month, day.day, minutes).getTime());
      }
    }
  }
  const after = (lead: number) => all.filter((t) => t >= ceilToQuarter(now.getTime() + lead * MINUTE));
  const usual = after(SEED_PLAN.tonightLeadMinutes.usual).filter((t) => t < midnight);
  const late = after(SEED_PLAN.tonightLeadMinutes.late);
  const lateToday = late.filter((t) => t < midnight);
  // Past 23:45 nothing can start today any more: the club night starts after midnight, still tonight.
  const chosen = usual.length > 0 ? usual : lateToday.length > 0 ? lateToday : late;
  return [...new Set(chosen)].sort((a, b) => a - b).map((t) => new Date(t));
}

/** Prefers the usual start times of the kind among the free slots. */
function chooseSlot(pick: Picker, slots: readonly Date[], category: CategorySlug, subcategory: string): Date {
  const { times } = startTimes(category, subcategory);
  const usual = new Set([...times.weekday, ...times.weekend].map(toMinutes));
  const preferred = slots.filter((slot) => usual.has(nightMinutes(slot)));
  return pick.pick(preferred.length > 0 ? preferred : slots);
}

/**
 * Tonight's events in each city: the categories of SEED_PLAN.tonightCategories in turn, each at a venue of the
 * city that hosts it, at a time its window still allows; late in the evening only club nights are left.
 */
function tonightSpecs(pick: Picker, now: Date): Spec[] {
  const specs: Spec[] = [];
  // The slots depend on the kind only; computing them once keeps the seed fast late at night, when most kinds have none.
  const slotsByKind = new Map<string, Date[]>();
  const slotsOf = (category: CategorySlug, subcategory: string): Date[] => {
    const key = `${category}/${subcategory}`;
    let slots = slotsByKind.get(key);
    if (!slots) slotsByKind.set(key, (slots = tonightSlots(now, category, subcategory)));
    return slots;
  };
  for (const city of CITIES.map((c) => c.slug)) {
    const usedVenues = new Set<string>();
    const wanted = SEED_PLAN.tonight[city];
    const rounds = SEED_PLAN.tonightCategories.length * 2;
    let made = 0;
    for (let n = 0; n < rounds && made < wanted; n += 1) {
      const category = SEED_PLAN.tonightCategories[n % SEED_PLAN.tonightCategories.length] as CategorySlug;
      const venues = VENUES.filter((v) => v.city === city && !usedVenues.has(v.slug) && venueSubcategories(v, category).length > 0);
      for (const venue of pick.sample(venues, venues.length)) {
        const options = pick
          .sample(venueSubcategories(venue, category), 10)
          .map((subcategory) => ({ subcategory, slots: slotsOf(category, subcategory) }))
          .filter((option) => option.slots.length > 0);
        const option = options[0];
        if (!option) continue;
        usedVenues.add(venue.slug);
        specs.push({
          category,
          subcategory: option.subcategory,
          venue,
          mode: 'offline',
          when: 'tonight',
          startsAt: chooseSlot(pick, option.slots, category, option.subcategory),
        });
        made += 1;
        break;
      }
    }
  }
  return specs;
}

function buildSpecs(pick: Picker, now: Date): Spec[] {
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
  specs.push(...tonightSpecs(pick, now));
  for (let i = 0; i < SEED_PLAN.tomorrow; i += 1) specs.push(makeSpec(pick, weightedCategory(), 'tomorrow'));
  for (let i = 0; i < SEED_PLAN.weekend; i += 1) {
    specs.push(makeSpec(pick, weightedCategory(), 'weekend', i % 3 === 2 ? 'novi-sad' : 'beograd'));
  }
  while (specs.length < SEED_PLAN.totalEvents) specs.push(makeSpec(pick, weightedCategory(), 'any'));
  return specs;
}

interface Timed extends Spec {
  startsAt: Date;
  endsAt: Date;
  tonight: boolean;
}

/**
 * The days of "this weekend" after today, as the app's filter counts it (Friday evening to Sunday); on a Sunday,
 * next weekend's (today's own evening is tonight's).
 */
function weekendDays(days: readonly LocalDay[]): LocalDay[] {
  const isWeekend = (d: LocalDay) => d.weekday === 5 || d.weekday === 6 || d.weekday === 0;
  const untilMonday = days.slice(1).findIndex((d) => d.weekday === 1);
  const rest = days.slice(1, untilMonday < 0 ? undefined : untilMonday + 1).filter(isWeekend);
  if (rest.length > 0) return rest;
  return days.slice(untilMonday + 1, untilMonday + 8).filter(isWeekend);
}

function scheduleSpecs(pick: Picker, specs: readonly Spec[], now: Date): Timed[] {
  const days = localDays(now, SEED_PLAN.horizonDays + 1);
  const earliest = now.getTime() + SEED_PLAN.minLeadMinutes * MINUTE;
  const latest = now.getTime() + 60 * DAY;
  const weekend = weekendDays(days);

  const usualStart = (spec: Spec, day: LocalDay): Date => {
    const { times } = startTimes(spec.category, spec.subcategory);
    const onWeekend = day.weekday === 0 || day.weekday === 6;
    const time = pick.pick(onWeekend ? times.weekend : times.weekday);
    return belgradeTime(day.year, day.month, day.day, toMinutes(time));
  };

  return specs.map((spec) => {
    const rules = CATEGORY_RULES[spec.category];
    let start: Date;
    if (spec.startsAt) {
      start = spec.startsAt;
    } else {
      let day: LocalDay;
      if (spec.when === 'tomorrow') day = days[1] as LocalDay;
      else if (spec.when === 'weekend' && weekend.length > 0) day = pick.pick(weekend);
      else day = pick.weighted(days.slice(1), (d) => rules.days[d.weekday] ?? 1);
      start = usualStart(spec, day);
      // Too soon or too far: the same kind of evening a day later or earlier, never outside its hours.
      if (start.getTime() < earliest) start = usualStart(spec, days[day.index + 1] ?? day);
      if (start.getTime() > latest) start = usualStart(spec, days[days.length - 2] as LocalDay);
    }
    const minutes = pick.int(rules.duration[0] / 15, rules.duration[1] / 15) * 15;
    return { ...spec, startsAt: start, endsAt: new Date(start.getTime() + minutes * MINUTE), tonight: spec.when === 'tonight' };
  });
}

/**
 * Cancelled, postponed and rescheduled events, never tonight's. One cancelled and one postponed event fall in
 * the next few days, so the first page of any listing shows what such events look like.
 */
function chooseStatuses(pick: Picker, timed: readonly Timed[], now: Date): Status[] {
  const statuses: Status[] = timed.map(() => 'scheduled');
  const eligible = timed.flatMap((t, index) => (t.tonight ? [] : [index]));
  const soonEnd = now.getTime() + SEED_PLAN.statusWithinDays * DAY;
  const soon = pick.sample(
    eligible.filter((index) => (timed[index]?.startsAt.getTime() ?? Infinity) < soonEnd),
    2,
  );
  const rest = pick.sample(
    eligible.filter((index) => !soon.includes(index)),
    SEED_PLAN.cancelled + SEED_PLAN.postponed + SEED_PLAN.rescheduled - soon.length,
  );
  const order: Status[] = [
    ...Array<Status>(SEED_PLAN.cancelled).fill('cancelled'),
    ...Array<Status>(SEED_PLAN.postponed).fill('postponed'),
    ...Array<Status>(SEED_PLAN.rescheduled).fill('rescheduled'),
  ];
  // The soon ones take the first cancelled and the first postponed place.
  const [cancelledSoon, postponedSoon] = soon;
  if (cancelledSoon !== undefined) statuses[cancelledSoon] = 'cancelled';
  if (postponedSoon !== undefined) statuses[postponedSoon] = 'postponed';
  const remaining = [...order];
  if (cancelledSoon !== undefined) remaining.splice(remaining.indexOf('cancelled'), 1);
  if (postponedSoon !== undefined) remaining.splice(remaining.indexOf('postponed'), 1);
  rest.forEach((index, i) => {
    statuses[index] = remaining[i] ?? 'scheduled';
  });
  return statuses;
}

/**
 * What a changed date looks like, as the organizer's postpone action leaves it: a postponed event awaits a
 * date "to be announced" and keeps its first date (a new date known makes it `rescheduled`); a rescheduled
 * event moved on by a week from the date it had first.
 */
function dateChanges(timed: readonly Timed[], statuses: readonly Status[]): { dateTba: boolean; previousStartsAt: Date | null }[] {
  return timed.map((spec, index) => {
    const status = statuses[index];
    if (status === 'postponed') return { dateTba: true, previousStartsAt: spec.startsAt };
    if (status === 'rescheduled') {
      const p = localParts(spec.startsAt);
      const previous = belgradeTime(p.year, p.month, p.day - SEED_PLAN.rescheduledByDays, p.hour * 60 + p.minute);
      return { dateTba: false, previousStartsAt: previous };
    }
    return { dateTba: false, previousStartsAt: null };
  });
}

/**
 * Draws performers or works so that each is used about as often as the others (the least used first, ties
 * at random): every artist of a pool shows up somewhere, and a title repeats less.
 */
class FairDraw {
  private readonly uses = new Map<string, number>();

  constructor(private readonly pick: Picker) {}

  take<T>(items: readonly T[], count: number, key: (item: T) => string): T[] {
    const shuffled = this.pick.sample(items, items.length);
    const chosen = shuffled
      .map((item, order) => ({ item, order, uses: this.uses.get(key(item)) ?? 0 }))
      .sort((a, b) => a.uses - b.uses || a.order - b.order)
      .slice(0, count)
      .map((entry) => entry.item);
    return chosen;
  }

  use(keys: readonly string[]): void {
    for (const key of keys) this.uses.set(key, (this.uses.get(key) ?? 0) + 1);
  }
}

/** How often a title is tried with other performers or another work before one that is free that night is taken. */
const TITLE_ATTEMPTS = 8;

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
  const timed = scheduleSpecs(pick, buildSpecs(pick, now), now).sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.category.localeCompare(b.category),
  );
  const statuses = chooseStatuses(pick, timed, now);
  const changes = dateChanges(timed, statuses);
  const reservableFrom = now.getTime() + SEED_PLAN.reservableLeadMinutes * MINUTE;
  const reservableCandidates = timed.flatMap((t, index) =>
    t.mode !== 'online' && t.startsAt.getTime() >= reservableFrom && (statuses[index] === 'scheduled' || statuses[index] === 'rescheduled')
      ? [index]
      : [],
  );
  const reservable = new Set(pick.sample(reservableCandidates, Math.round(timed.length * SEED_PLAN.reservableShare)));
  const usedSlugs = new Set<string>();
  // A city's night never has two events of one title (online events count as a place of their own).
  const usedTitles = new Set<string>();
  const draw = new FairDraw(pick);

  return timed.map((spec, index) => {
    const content = CONTENT[spec.category];
    const sub = content.subcategories[spec.subcategory];
    if (!sub) throw new Error(`No content for ${spec.category}/${spec.subcategory}`);
    const rules = CATEGORY_RULES[spec.category];
    const status = statuses[index] ?? 'scheduled';
    const isReservable = reservable.has(index);
    const city = spec.venue ? (cityBySlug.get(spec.venue.city) ?? null) : null;
    const night = `${city?.slug ?? 'online'}|${belgradeNight(spec.startsAt)}`;
    const year = String(localParts(spec.startsAt).year);

    let chosen: { cast: Performer[]; work: L4 | undefined; vars: Record<keyof L4, Vars>; title: { item: TitleTemplate; text: L4 } } | undefined;
    for (let attempt = 1; !chosen; attempt += 1) {
      const performers = sub.performers;
      const cast = performers
        ? draw.take(PERFORMER_POOLS[performers.pool], pick.int(performers.min, performers.max), (p) => `p:${p.name}`)
        : [];
      const work = sub.works ? draw.take(sub.works, 1, (w) => `w:${w.sr}`)[0] : undefined;
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
      const untaken = titleOptions.filter((option) => !usedTitles.has(`${night}|${option.text.sr}`));
      // The last attempt takes a title even if that night has it (it never comes to that with the demo's data).
      const options = untaken.length > 0 ? untaken : attempt >= TITLE_ATTEMPTS ? titleOptions : [];
      if (options.length > 0) chosen = { cast, work, vars, title: pick.pick(options) };
    }
    const { cast, vars, title, work } = chosen;
    usedTitles.add(`${night}|${title.text.sr}`);
    draw.use([...cast.map((p) => `p:${p.name}`), ...(work ? [`w:${work.sr}`] : [])]);

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
      ...(changes[index] ?? { dateTba: false, previousStartsAt: null }),
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


import { CONTENT } from './data/content';
import { CATEGORY_RULES, SEED_PLAN, startTimes } from './data/rules';
import { CATEGORIES, CITIES } from './data/taxonomy';
import type { CategorySlug, CitySlug } from './data/types';
import { VENUES, type VenueData } from './data/venues';
import { type Picker } from './seed-random';
import { DAY, MINUTE, belgradeTime, ceilToQuarter, localDays, localParts, nightMinutes, toMinutes, type LocalDay } from './seed-clock';

/**
 * The demo programme's plan: what kind of event goes where (venue, mode), when it starts (tonight, this
 * weekend, the weeks ahead, each kind at its own hours), and which are cancelled or moved.
 */

export type Status = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';
export type Mode = 'offline' | 'online' | 'mixed';
export type When = 'tonight' | 'tomorrow' | 'weekend' | 'any';

export interface Spec {
  category: CategorySlug;
  subcategory: string;
  venue: VenueData | null;
  mode: Mode;
  when: When;
  /** Tonight's events come with their start already chosen. */
  startsAt?: Date;
}

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug);
export const cityBySlug = new Map(CITIES.map((c) => [c.slug, c]));
export const categoryBySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function venueFits(venue: VenueData, category: CategorySlug, subcategory: string): boolean {
  return venue.fits.includes(category) || venue.fits.includes(`${category}/${subcategory}`);
}

/** The subcategories of `category` a venue hosts. */
export function venueSubcategories(venue: VenueData, category: CategorySlug): string[] {
  const all = categoryBySlug.get(category)?.subcategories.map((s) => s.slug) ?? [];
  return venue.fits.includes(category) ? all : all.filter((sub) => venue.fits.includes(`${category}/${sub}`));
}

export function chooseVenue(pick: Picker, category: CategorySlug, subcategory: string, city?: CitySlug): VenueData {
  const eligible = VENUES.filter((v) => venueFits(v, category, subcategory));
  const wanted = city ?? (pick.chance(SEED_PLAN.belgradeShare) ? 'beograd' : 'novi-sad');
  const inCity = eligible.filter((v) => v.city === wanted);
  return pick.pick(inCity.length > 0 ? inCity : eligible);
}

export function chooseMode(pick: Picker, category: CategorySlug): Mode {
  const rules = CATEGORY_RULES[category];
  const roll = pick.random();
  if (roll < rules.online && CONTENT[category].onlineIntros.length > 0) return 'online';
  if (roll < rules.online + rules.mixed) return 'mixed';
  return 'offline';
}

export function makeSpec(pick: Picker, category: CategorySlug, when: When, city?: CitySlug): Spec {
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
export function tonightSlots(now: Date, category: CategorySlug, subcategory: string): Date[] {
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
export function chooseSlot(pick: Picker, slots: readonly Date[], category: CategorySlug, subcategory: string): Date {
  const { times } = startTimes(category, subcategory);
  const usual = new Set([...times.weekday, ...times.weekend].map(toMinutes));
  const preferred = slots.filter((slot) => usual.has(nightMinutes(slot)));
  return pick.pick(preferred.length > 0 ? preferred : slots);
}

/**
 * Tonight's events in each city: the categories of SEED_PLAN.tonightCategories in turn, each at a venue of the
 * city that hosts it, at a time its window still allows; late in the evening only club nights are left.
 */
export function tonightSpecs(pick: Picker, now: Date): Spec[] {
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

export function buildSpecs(pick: Picker, now: Date): Spec[] {
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

export interface Timed extends Spec {
  startsAt: Date;
  endsAt: Date;
  tonight: boolean;
}

/**
 * The days of "this weekend" after today, as the app's filter counts it (Friday evening to Sunday); on a Sunday,
 * next weekend's (today's own evening is tonight's).
 */
export function weekendDays(days: readonly LocalDay[]): LocalDay[] {
  const isWeekend = (d: LocalDay) => d.weekday === 5 || d.weekday === 6 || d.weekday === 0;
  const untilMonday = days.slice(1).findIndex((d) => d.weekday === 1);
  const rest = days.slice(1, untilMonday < 0 ? undefined : untilMonday + 1).filter(isWeekend);
  if (rest.length > 0) return rest;
  return days.slice(untilMonday + 1, untilMonday + 8).filter(isWeekend);
}

export function scheduleSpecs(pick: Picker, specs: readonly Spec[], now: Date): Timed[] {
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
export function chooseStatuses(pick: Picker, timed: readonly Timed[], now: Date): Status[] {
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
export function dateChanges(timed: readonly Timed[], statuses: readonly Status[]): { dateTba: boolean; previousStartsAt: Date | null }[] {
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

import { slugify } from '../../../shared/slug';
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
import type { CityData } from './data/taxonomy';
import type { CategorySlug, L4, TagSlug } from './data/types';
import { Picker } from './seed-random';
import { fill, fillable, joinSentences, LOCALE_KEYS, type Vars } from './seed-text';
import { MINUTE, belgradeNight, localParts } from './seed-clock';
import { buildSpecs, categoryBySlug, chooseStatuses, cityBySlug, dateChanges, scheduleSpecs, type Mode, type Status } from './seed-schedule';

/*
 * The demo programme: a believable few weeks of events across the cities, built from the
 * data files and one seeded random source, so the same seed gives the same programme. seed.ts writes it.
 */

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

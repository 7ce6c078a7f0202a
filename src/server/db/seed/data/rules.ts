import type { CategorySlug, CitySlug } from './types';

/**
 * Local (Europe/Belgrade) start times "HH:MM" of one evening's calendar day; a club night that starts after
 * midnight is written past 24 ("24:30" is 00:30 the next morning), so it stays on the night it belongs to.
 */
export interface StartTimes {
  /** Usual start times, Monday to Friday and on Saturday and Sunday. */
  times: { weekday: readonly string[]; weekend: readonly string[] };
  /**
   * When this kind of event may start at all, inclusive ranges [from, to]. Every usual time lies inside; the
   * seed picks a quarter hour inside it for tonight's events, and the tests hold every event to it.
   */
  window: readonly (readonly [string, string])[];
}

export interface CategoryRules extends StartTimes {
  /** Relative share of the generated events. */
  weight: number;
  /** Duration range in minutes (rounded to 15). */
  duration: readonly [number, number];
  /** How likely each weekday is, Sunday first (JavaScript getDay order). */
  days: readonly [number, number, number, number, number, number, number];
  /** Chance the event is free. */
  free: number;
  /** Ticket price range in RSD (not para). */
  price: readonly [number, number];
  /** Price step in RSD. */
  priceStep: number;
  /** Chance of an online-only event, and of a venue event that is also streamed. */
  online: number;
  mixed: number;
  /** Organizers that usually run this kind of event, the first most often (reservable ones mostly belong to kuda-demo). */
  organizers: readonly string[];
}

const WEEK = [1.6, 0.8, 0.8, 0.9, 1.0, 1.5, 1.8] as const;

export const CATEGORY_RULES: Record<CategorySlug, CategoryRules> = {
  koncerti: {
    weight: 60,
    times: { weekday: ['19:00', '19:30', '20:00', '20:30', '21:00'], weekend: ['19:00', '20:00', '20:30', '21:00', '21:30'] },
    window: [['18:00', '22:00']],
    duration: [120, 180],
    days: WEEK,
    free: 0.18,
    price: [1200, 3500],
    priceStep: 100,
    online: 0.04,
    mixed: 0.04,
    organizers: ['beogradska-kulturna-scena', 'novosadski-festivalski-centar', 'kuda-demo'],
  },
  klubovi: {
    weight: 36,
    times: { weekday: ['22:00', '22:30', '23:00'], weekend: ['22:00', '23:00', '23:30', '24:00'] },
    window: [['22:00', '25:00']],
    duration: [240, 360],
    days: [0.4, 0.3, 0.4, 0.6, 1.2, 2.2, 2.4],
    free: 0.1,
    price: [800, 1800],
    priceStep: 100,
    online: 0,
    mixed: 0,
    organizers: ['beogradska-kulturna-scena', 'kuda-demo'],
  },
  pozoriste: {
    weight: 40,
    times: { weekday: ['19:00', '19:30', '20:00'], weekend: ['19:00', '19:30', '20:00', '20:30'] },
    window: [['19:00', '20:30']],
    duration: [90, 180],
    days: [1.2, 0.7, 1.0, 1.0, 1.0, 1.3, 1.5],
    free: 0.05,
    price: [1000, 2800],
    priceStep: 100,
    online: 0.03,
    mixed: 0,
    organizers: ['beogradska-kulturna-scena', 'novosadski-festivalski-centar'],
  },
  sport: {
    weight: 24,
    // Each sport has its own hours (SPORT_TIMES); these cover them all.
    times: { weekday: ['17:00', '18:00', '19:00', '20:00'], weekend: ['16:00', '17:00', '18:00', '19:00'] },
    window: [['08:00', '21:00']],
    duration: [90, 180],
    days: WEEK,
    free: 0.15,
    price: [500, 2000],
    priceStep: 100,
    online: 0,
    mixed: 0,
    organizers: ['kuda-demo', 'beogradska-kulturna-scena'],
  },
  deca: {
    weight: 30,
    times: { weekday: ['17:00', '17:30', '18:00'], weekend: ['10:00', '11:00', '12:00', '17:00'] },
    window: [['10:00', '18:00']],
    duration: [90, 150],
    days: [2.4, 0.5, 0.5, 0.6, 0.6, 0.8, 2.6],
    free: 0.25,
    price: [500, 1000],
    priceStep: 100,
    online: 0,
    mixed: 0,
    organizers: ['porodicni-vikend', 'kuda-demo'],
  },
  izlozbe: {
    weight: 26,
    times: { weekday: ['18:00', '19:00'], weekend: ['11:00', '12:00', '17:00', '18:00'] },
    window: [['10:00', '19:00']],
    duration: [120, 240],
    days: WEEK,
    free: 0.45,
    price: [300, 800],
    priceStep: 50,
    online: 0.08,
    mixed: 0.04,
    organizers: ['beogradska-kulturna-scena', 'novosadski-festivalski-centar'],
  },
  festivali: {
    weight: 16,
    times: { weekday: ['17:00', '18:00'], weekend: ['12:00', '14:00', '16:00', '17:00'] },
    window: [['10:00', '20:00']],
    duration: [300, 360],
    days: [2.2, 0.2, 0.2, 0.3, 0.4, 1.5, 2.6],
    free: 0.3,
    price: [1000, 3000],
    priceStep: 100,
    online: 0,
    mixed: 0.08,
    organizers: ['novosadski-festivalski-centar', 'kuda-demo'],
  },
  'stand-up': {
    weight: 26,
    times: { weekday: ['20:00', '20:30', '21:00'], weekend: ['20:00', '21:00', '21:30'] },
    window: [['19:30', '22:00']],
    duration: [90, 120],
    days: WEEK,
    free: 0.12,
    price: [1000, 2000],
    priceStep: 100,
    online: 0.1,
    mixed: 0.05,
    organizers: ['smeh-i-scena', 'kuda-demo'],
  },
  film: {
    weight: 30,
    times: { weekday: ['18:00', '18:30', '20:00', '20:30', '21:00'], weekend: ['16:00', '18:00', '20:00', '21:00'] },
    window: [['16:00', '22:30']],
    duration: [90, 150],
    days: WEEK,
    free: 0.1,
    price: [350, 700],
    priceStep: 50,
    online: 0.06,
    mixed: 0,
    organizers: ['beogradska-kulturna-scena', 'novosadski-festivalski-centar'],
  },
  radionice: {
    weight: 32,
    times: { weekday: ['17:00', '17:30', '18:00', '18:30'], weekend: ['10:00', '11:00', '12:00', '15:00'] },
    window: [['10:00', '20:00']],
    duration: [90, 180],
    days: [1.5, 0.9, 0.9, 1.0, 1.0, 0.8, 1.8],
    free: 0.18,
    price: [1500, 4000],
    priceStep: 100,
    online: 0.18,
    mixed: 0.06,
    organizers: ['kuda-demo', 'porodicni-vikend', 'beogradska-kulturna-scena'],
  },
};

/**
 * Sports keep their own hours: football in the afternoon and early evening, basketball and volleyball in the
 * evening halls, races in the morning at weekends and after work on weekdays.
 */
export const SPORT_TIMES: Record<string, StartTimes> = {
  fudbal: {
    times: { weekday: ['17:00', '18:00', '19:00', '20:00'], weekend: ['14:00', '15:00', '16:00', '17:30'] },
    window: [['14:00', '20:30']],
  },
  kosarka: {
    times: { weekday: ['17:00', '19:00', '20:00', '20:30'], weekend: ['17:00', '18:00', '19:00', '20:00'] },
    window: [['17:00', '21:00']],
  },
  trcanje: {
    times: { weekday: ['18:00', '18:30', '19:00'], weekend: ['08:00', '09:00', '09:30', '10:00'] },
    window: [['08:00', '11:00'], ['18:00', '19:30']],
  },
  odbojka: {
    times: { weekday: ['17:00', '18:00', '19:00', '20:00'], weekend: ['16:00', '17:00', '18:00'] },
    window: [['16:00', '20:30']],
  },
};

/** The start times of one kind of event (a sport's own, else its category's). */
export function startTimes(category: CategorySlug, subcategory: string): StartTimes {
  return (category === 'sport' ? SPORT_TIMES[subcategory] : undefined) ?? CATEGORY_RULES[category];
}

/** Shape of the generated programme. */
export const SEED_PLAN = {
  totalEvents: 340,
  /** Events placed on purpose later today (after now, before midnight when the hour allows), per city. */
  tonight: { beograd: 5, 'novi-sad': 3 } as Record<CitySlug, number>,
  tomorrow: 12,
  /** Events on this weekend's days after today (Friday evening, Saturday, Sunday), two in Belgrade for one in Novi Sad. */
  weekend: 24,
  /** Days ahead the programme reaches (exclusive of the 60-day limit). */
  horizonDays: 59,
  /** No event but tonight's starts sooner than this after `now` (reservations close two hours before). */
  minLeadMinutes: 120,
  /** Tonight's events start at least this long after `now`, an hour when the evening still allows it. */
  tonightLeadMinutes: { usual: 60, late: 10 },
  /** A reservable event starts at least this long after `now`, so its reservations stay open a while. */
  reservableLeadMinutes: 240,
  belgradeShare: 0.7,
  reservableShare: 0.3,
  /** Share of reservable events run by the kuda-demo organizer. */
  demoOrganizerShareOfReservable: 0.7,
  cancelled: 7,
  /** The first (soonest) keeps its date open without saying so; the others are "date to be announced". */
  postponed: 6,
  /** Moved to a new date: the first date is kept as the previous one. */
  rescheduled: 3,
  /** One cancelled and one postponed event fall within this many days, so the first page of listings shows both. */
  statusWithinDays: 6,
  /** Days a rescheduled event moved by. */
  rescheduledByDays: 7,
  /** Categories that fit a last-minute plan, most wanted first (tonight's events take them in turn). */
  tonightCategories: ['koncerti', 'pozoriste', 'stand-up', 'film', 'klubovi', 'izlozbe', 'deca', 'sport', 'radionice'] as readonly CategorySlug[],
} as const;

/** Default seed for the built-in PRNG, so the demo programme is the same on every fresh start (for one `now`). */
export const DEFAULT_RANDOM_SEED = 20_260_401;

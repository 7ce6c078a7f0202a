import type { CategorySlug } from './types';

export interface CategoryRules {
  /** Relative share of the generated events. */
  weight: number;
  /** Local (Europe/Belgrade) start times, "HH:MM". */
  times: { weekday: readonly string[]; weekend: readonly string[] };
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
    times: { weekday: ['22:00', '22:30', '23:00'], weekend: ['22:00', '22:30', '23:00', '23:30'] },
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
    times: { weekday: ['19:00', '19:30', '20:00'], weekend: ['18:00', '19:00', '19:30', '20:00'] },
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
    times: { weekday: ['17:00', '18:00', '19:00', '20:00'], weekend: ['10:00', '12:00', '16:00', '18:00', '19:00'] },
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

/** Shape of the generated programme. */
export const SEED_PLAN = {
  totalEvents: 340,
  tonight: 6,
  tomorrow: 12,
  weekend: 24,
  /** Days ahead the programme reaches (exclusive of the 60-day limit). */
  horizonDays: 59,
  /** No event starts sooner than this after `now`. */
  minLeadMinutes: 120,
  belgradeShare: 0.7,
  reservableShare: 0.3,
  /** Share of reservable events run by the kuda-demo organizer. */
  demoOrganizerShareOfReservable: 0.7,
  cancelled: 7,
  postponed: 6,
  rescheduled: 3,
  /** Categories that fit a last-minute evening plan. */
  tonightCategories: ['koncerti', 'klubovi', 'stand-up', 'film', 'pozoriste', 'koncerti'] as readonly CategorySlug[],
} as const;

/** Default seed for the built-in PRNG, so the demo programme is the same on every fresh start (for one `now`). */
export const DEFAULT_RANDOM_SEED = 20_260_401;

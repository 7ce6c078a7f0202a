import type { EventSummary } from '../../shared/schemas/catalog';

/** An upcoming concert card's data, for component tests; each test overrides what it is about. */
export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: 7,
    slug: 'jazz-night',
    title: 'Jazz night',
    starts_at: '2026-12-05T19:00:00.000Z',
    ends_at: null,
    time_zone: 'Europe/Belgrade',
    status: 'scheduled',
    attendance_mode: 'offline',
    category: { id: 1, slug: 'koncerti', name: 'Concerts' },
    venue: { id: 3, slug: 'kolarac', name: 'Kolarac', locality: 'Beograd', city: { slug: 'beograd', name: 'Belgrade' } },
    image: null,
    price: { min: 0, max: 0, currency: 'RSD' },
    is_free: true,
    reservable: false,
    date_tba: false,
    previous_starts_at: null,
    series_id: null,
    more_dates: 0,
    ...overrides,
  };
}

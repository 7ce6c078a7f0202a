import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/schemas/catalog';
import { jsonLdScriptContent } from '../../shared/paths';
import { buildEventJsonLd, type EventJsonLdInput } from './json-ld';

const origin = 'https://kuda.example';

function event(overrides: Partial<EventJsonLdInput> = {}): EventJsonLdInput {
  const base: Omit<EventDetail, 'json_ld'> = {
    id: 7,
    slug: 'koncert',
    title: 'Koncert',
    starts_at: '2026-07-15T18:00:00.000Z',
    ends_at: '2026-07-15T20:30:00.000Z',
    time_zone: 'Europe/Belgrade',
    status: 'scheduled',
    attendance_mode: 'offline',
    category: { id: 1, slug: 'koncerti', name: 'Koncerti' },
    venue: {
      id: 3,
      slug: 'kolarac',
      name: 'Kolarčeva zadužbina',
      locality: 'Beograd',
      street_address: 'Studentski trg 5',
      postal_code: '11000',
      country: 'RS',
      lat: 44.8186,
      lng: 20.4571,
      website: 'https://kolarac.rs',
      city: { slug: 'beograd', name: 'Beograd' },
      map_url: 'https://www.openstreetmap.org/',
    },
    image: null,
    price: { min: 150000, max: 350000, currency: 'RSD' },
    is_free: false,
    reservable: true,
    date_tba: false,
    previous_starts_at: null,
    series_id: null,
    more_dates: 0,
    summary: '',
    series_dates: [],
    description: 'Simfonijski koncert',
    images: [
      { url: '/images/events/koncerti-1.jpg', width: 1200, height: 630, alt: 'Koncert' },
      { url: 'https://cdn.example/x.jpg', width: 800, height: 600, alt: 'X' },
    ],
    subcategory: null,
    tags: [],
    organizer: { id: 1, name: 'Beogradska filharmonija', website: 'https://bgf.rs', slug: 'beogradska-filharmonija' },
    performers: [
      { name: 'Beogradska filharmonija', type: 'PerformingGroup' },
      { name: 'Gabriel Feltz', type: 'Person' },
    ],
    offers: { currency: 'RSD', low_price: 150000, high_price: 350000, offer_count: 3, is_free: false },
    online_url: null,
    updated_at: '2026-07-01T10:00:00.000Z',
    path: '/en/events/koncert-7',
    canonical_url: `${origin}/en/events/koncert-7`,
    alternates: [],
  };
  return { ...base, ...overrides };
}

describe('schema.org Event JSON-LD', () => {
  it('carries every field spec §1 lists', () => {
    const jsonLd = buildEventJsonLd(event(), { origin, locale: 'en' });
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Koncert',
      description: 'Simfonijski koncert',
      url: `${origin}/en/events/koncert-7`,
      inLanguage: 'en',
      startDate: '2026-07-15T20:00:00+02:00',
      endDate: '2026-07-15T22:30:00+02:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Kolarčeva zadužbina',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Studentski trg 5',
          addressLocality: 'Beograd',
          postalCode: '11000',
          addressCountry: 'RS',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 44.8186, longitude: 20.4571 },
      },
      image: [`${origin}/images/events/koncerti-1.jpg`, 'https://cdn.example/x.jpg'],
      offers: {
        '@type': 'AggregateOffer',
        url: `${origin}/en/events/koncert-7`,
        priceCurrency: 'RSD',
        lowPrice: 1500,
        highPrice: 3500,
        offerCount: 3,
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Beogradska filharmonija' },
      },
      performer: [
        { '@type': 'PerformingGroup', name: 'Beogradska filharmonija' },
        { '@type': 'Person', name: 'Gabriel Feltz' },
      ],
      organizer: { '@type': 'Organization', name: 'Beogradska filharmonija', url: 'https://bgf.rs' },
    });
  });

  it('gives Belgrade times the summer (+02:00) and winter (+01:00) offset', () => {
    const winter = buildEventJsonLd(event({ starts_at: '2026-01-15T19:00:00.000Z', ends_at: null }), { origin, locale: 'sr' });
    expect(winter.startDate).toBe('2026-01-15T20:00:00+01:00');
    expect(winter).not.toHaveProperty('endDate');
    // The night the clocks go back: 02:30 happens twice; the instant decides the offset.
    const first = buildEventJsonLd(event({ starts_at: '2026-10-25T00:30:00.000Z' }), { origin, locale: 'sr' });
    const second = buildEventJsonLd(event({ starts_at: '2026-10-25T01:30:00.000Z' }), { origin, locale: 'sr' });
    expect([first.startDate, second.startDate]).toEqual(['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']);
  });

  it('maps every status and attendance mode', () => {
    const status = (s: EventDetail['status']) => buildEventJsonLd(event({ status: s }), { origin, locale: 'en' }).eventStatus;
    expect(['scheduled', 'cancelled', 'postponed', 'rescheduled', 'moved_online'].map((s) => status(s as EventDetail['status']))).toEqual([
      'https://schema.org/EventScheduled',
      'https://schema.org/EventCancelled',
      'https://schema.org/EventPostponed',
      'https://schema.org/EventRescheduled',
      'https://schema.org/EventMovedOnline',
    ]);
    const online = buildEventJsonLd(event({ attendance_mode: 'online', venue: null, online_url: 'https://live.example/x' }), { origin, locale: 'en' });
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(online.location).toEqual({ '@type': 'VirtualLocation', url: 'https://live.example/x' });
    const mixed = buildEventJsonLd(event({ attendance_mode: 'mixed', online_url: 'https://live.example/x' }), { origin, locale: 'en' });
    expect(mixed.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect((mixed.location as { '@type': string }[]).map((l) => l['@type'])).toEqual(['Place', 'VirtualLocation']);
    const moved = buildEventJsonLd(event({ status: 'moved_online', online_url: 'https://live.example/x' }), { origin, locale: 'en' });
    expect(moved.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(moved.location).toEqual({ '@type': 'VirtualLocation', url: 'https://live.example/x' });
  });

  it('keeps a postponed event on its original date, with no previous one, until the new date is known; then it reads as rescheduled', () => {
    const original = '2026-07-15T18:00:00.000Z';
    const tba = buildEventJsonLd(event({ status: 'postponed', date_tba: true, starts_at: original, previous_starts_at: original }), { origin, locale: 'en' });
    expect(tba.eventStatus).toBe('https://schema.org/EventPostponed');
    expect(tba.startDate).toBe('2026-07-15T20:00:00+02:00');
    expect(tba).not.toHaveProperty('previousStartDate');
    const moved = { starts_at: '2026-07-22T18:00:00.000Z', previous_starts_at: original };
    for (const status of ['postponed', 'rescheduled'] as const) {
      const known = buildEventJsonLd(event({ status, ...moved }), { origin, locale: 'en' });
      expect(known.eventStatus, status).toBe('https://schema.org/EventRescheduled');
      expect([known.startDate, known.previousStartDate], status).toEqual(['2026-07-22T20:00:00+02:00', '2026-07-15T20:00:00+02:00']);
    }
    const cancelled = buildEventJsonLd(event({ status: 'cancelled' }), { origin, locale: 'en' });
    expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelled.offers).not.toHaveProperty('availability');
  });

  it('prices free events at zero, leaves out unknown prices, and falls back to the venue as seller', () => {
    const free = buildEventJsonLd(
      event({ is_free: true, offers: { currency: 'RSD', low_price: 0, high_price: 0, offer_count: 1, is_free: true }, organizer: null }),
      { origin, locale: 'en' },
    );
    expect(free.offers).toMatchObject({ lowPrice: 0, highPrice: 0, offerCount: 1, seller: { name: 'Kolarčeva zadužbina' } });
    expect(free.organizer).toEqual({ '@type': 'Organization', name: 'Kolarčeva zadužbina', url: 'https://kolarac.rs' });
    const unknown = buildEventJsonLd(event({ offers: { currency: 'RSD', low_price: null, high_price: null, offer_count: 1, is_free: false } }), {
      origin,
      locale: 'en',
    });
    expect(unknown).not.toHaveProperty('offers');
    const cancelled = buildEventJsonLd(event({ status: 'cancelled' }), { origin, locale: 'en' });
    expect(cancelled.offers).not.toHaveProperty('availability');
  });

  it('is safe inside a script element', () => {
    const text = jsonLdScriptContent(buildEventJsonLd(event({ title: '</script><script>alert(1)</script> & more' }), { origin, locale: 'en' }));
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script> & more');
  });
});

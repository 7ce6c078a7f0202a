// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../../shared/schemas/catalog';
import { EventCard } from '../../components/event-card';
import { priceText } from './event-facts';
import { renderAt } from '../../test-support/render';

function summary(price: EventSummary['price'], isFree: boolean): EventSummary {
  return {
    id: 1,
    slug: 'maraton',
    title: 'Marathon',
    starts_at: '2026-12-01T09:00:00.000Z',
    ends_at: null,
    time_zone: 'Europe/Belgrade',
    status: 'scheduled',
    attendance_mode: 'offline',
    category: { id: 1, slug: 'sport', name: 'Sport' },
    venue: null,
    image: null,
    price,
    is_free: isFree,
    reservable: false,
    date_tba: false,
    previous_starts_at: null,
    series_id: null,
    more_dates: 0,
  };
}

const texts = { free: 'Free', notAnnounced: 'Price not announced yet', range: (min: string, max: string) => `${min} – ${max}` };
const offers = (low: number | null, high: number | null, isFree = false) => ({
  offers: { currency: 'RSD', low_price: low, high_price: high, offer_count: 1, is_free: isFree },
});

describe('an event’s price', () => {
  afterEach(cleanup);

  it('on a card: a price not announced says so, and is never shown as free', () => {
    renderAt(<EventCard event={summary({ min: null, max: null, currency: 'RSD' }, false)} />);
    expect(screen.getByText('Price not announced yet')).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('on a card: free, one price, or "from" the lowest', () => {
    renderAt(<EventCard event={summary({ min: 0, max: 0, currency: 'RSD' }, true)} />);
    expect(screen.getByText('Free')).toBeTruthy();
    cleanup();
    renderAt(<EventCard event={summary({ min: 120000, max: 250000, currency: 'RSD' }, false)} />);
    expect(screen.getByText(/^from .*1,200/)).toBeTruthy();
  });

  it('on the event page: not announced, free, a range', () => {
    expect(priceText(offers(null, null), 'en', texts)).toBe('Price not announced yet');
    expect(priceText(offers(0, 0, true), 'en', texts)).toBe('Free');
    expect(priceText(offers(120000, 250000), 'en', texts)).toMatch(/1,200.* – .*2,500/);
  });
});

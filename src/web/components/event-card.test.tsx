// @vitest-environment jsdom
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { alpha, getOverlayAlpha } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSummary } from '../test-support/event-summary';
import { renderAt } from '../test-support/render';
import { theme } from '../lib/theme';
import { EventCard, RESERVABLE_ICON_PATH } from './event-card';
import { CARD, CARD_OVERLAY, eventCardStyles } from './event-card-styles';

afterEach(cleanup);

const card = () => screen.getByRole('article');

describe('the event card', () => {
  it('is drawn as an elevated Paper of the dark theme is, with nothing inline', () => {
    expect(theme.palette.mode).toBe('dark');
    const overlay = alpha('#fff', getOverlayAlpha(1));
    expect(CARD_OVERLAY).toBe(`linear-gradient(${overlay}, ${overlay})`);
    renderAt(<EventCard event={eventSummary()} />);
    expect(card().getAttribute('style')).toBeNull();
  });

  it('draws every part with a class the page’s card styles define (entry.server.tsx draws them)', () => {
    const image = { url: '/images/events/koncerti-2.jpg', width: 1200, height: 630, alt: '' };
    const { container } = renderAt(<EventCard event={eventSummary({ status: 'cancelled', image, distance_km: 1.2 })} />);
    renderAt(<EventCard event={eventSummary({ status: 'postponed', date_tba: true, reservable: true })} />);
    const drawn = new Set([...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]).filter((name) => name.startsWith('kuda-card')));
    expect([...drawn].sort()).toEqual(Object.values(CARD).sort());
    const selectors = Object.keys(eventCardStyles(theme)).join(' ');
    for (const name of drawn) expect(selectors).toMatch(new RegExp(`\\.${name}(?![-\\w])`));
    expect(container.querySelector('article')?.hasAttribute('data-cancelled')).toBe(true);
  });

  it('draws MUI’s EventAvailable icon for a reservable event', () => {
    const mui = render(<EventAvailableIcon />).container.querySelector('path')!.getAttribute('d');
    expect(RESERVABLE_ICON_PATH).toBe(mui);
    cleanup();
    renderAt(<EventCard event={eventSummary({ reservable: true })} />);
    expect(card().querySelector(`.${CARD.reservable} path`)?.getAttribute('d')).toBe(RESERVABLE_ICON_PATH);
  });

  it('names the city beside the venue', () => {
    renderAt(<EventCard event={eventSummary()} />);
    expect(within(card()).getByText(/Kolarac/).textContent).toMatch(/Kolarac, Belgrade$/);
  });

  it('says a postponed event’s date is to be announced instead of showing the old date', () => {
    renderAt(<EventCard event={eventSummary({ status: 'postponed', date_tba: true, previous_starts_at: '2026-12-05T19:00:00.000Z' })} />);
    expect(within(card()).getByText('Postponed — date to be announced')).toBeTruthy();
    expect(card().querySelector('time')).toBeNull();
  });

  it('reads a postponed event with no new date on record as to be announced, whatever its flag says', () => {
    renderAt(<EventCard event={eventSummary({ status: 'postponed', date_tba: false, previous_starts_at: null })} />);
    expect(within(card()).getByText('Postponed')).toBeTruthy();
    expect(within(card()).getByTestId('date-note').textContent).toBe('Postponed — date to be announced');
    expect(card().querySelector('time')).toBeNull();
  });

  it('marks a postponed event with a new date as postponed, with the new date and the old one', () => {
    const postponed = eventSummary({ status: 'postponed', starts_at: '2026-12-19T19:00:00.000Z', previous_starts_at: '2026-12-05T19:00:00.000Z' });
    renderAt(<EventCard event={postponed} />);
    expect(within(card()).getByTestId('event-status').textContent).toBe('Postponed');
    expect(within(card()).getByTestId('date-note').textContent).toMatch(/^Moved to Sat 19 Dec.* \(was Sat 5 Dec.*\)$/);
    cleanup();
    renderAt(<EventCard event={postponed} />, { locale: 'sr' });
    expect(within(card()).getByTestId('event-status').textContent).toBe('Odloženo');
    expect(within(card()).getByTestId('date-note').textContent).toMatch(/^Pomereno na .*19.* \(bilo .*5.*\)$/);
  });

  it('marks a cancelled event as cancelled, keeps its date, and no longer offers it for reservation', () => {
    renderAt(<EventCard event={eventSummary({ status: 'cancelled', reservable: true })} />, { locale: 'uk' });
    expect(within(card()).getByTestId('event-status').textContent).toBe('Скасовано');
    expect(card().querySelector('time')?.getAttribute('datetime')).toBe('2026-12-05T19:00:00.000Z');
    expect(within(card()).queryByTestId('date-note')).toBeNull();
    expect(within(card()).queryByText('Можна забронювати')).toBeNull();
  });

  it('says where a moved event went and the date it had, in the reader’s language', () => {
    const moved = eventSummary({ status: 'rescheduled', starts_at: '2026-12-12T19:00:00.000Z', previous_starts_at: '2026-12-05T19:00:00.000Z' });
    renderAt(<EventCard event={moved} />);
    expect(within(card()).getByTestId('date-note').textContent).toMatch(/^Moved to Sat 12 Dec.* \(was Sat 5 Dec.*\)$/);
    cleanup();
    renderAt(<EventCard event={moved} />, { locale: 'ru' });
    expect(within(card()).getByTestId('date-note').textContent).toMatch(/^Перенесено на .*12.* \(было .*5.*\)$/);
  });

  it('shows a series once with how many more dates it has, in each language’s plural', () => {
    renderAt(<EventCard event={eventSummary({ series_id: 4, more_dates: 3 })} />);
    expect(within(card()).getByText('+ 3 more dates')).toBeTruthy();
    cleanup();
    renderAt(<EventCard event={eventSummary({ series_id: 4, more_dates: 1 })} />);
    expect(within(card()).getByText('+ 1 more date')).toBeTruthy();
    cleanup();
    renderAt(<EventCard event={eventSummary({ series_id: 4, more_dates: 5 })} />, { locale: 'uk' });
    expect(within(card()).getByText('+ ще 5 дат')).toBeTruthy();
    cleanup();
    renderAt(<EventCard event={eventSummary({ series_id: 4, more_dates: 2 })} />, { locale: 'sr' });
    expect(within(card()).getByText('+ još 2 datuma')).toBeTruthy();
  });

  it('shows neither a note nor a chip for a single event on its first date', () => {
    renderAt(<EventCard event={eventSummary()} />);
    expect(within(card()).queryByTestId('date-note')).toBeNull();
    expect(within(card()).queryByTestId('more-dates')).toBeNull();
    expect(card().querySelector('time')?.getAttribute('datetime')).toBe('2026-12-05T19:00:00.000Z');
  });

  it('draws an uploaded picture with its 16:9 card crop, lazily, with its size and colour set', () => {
    const variants = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
      [640, 1280].flatMap((width) => [
        { url: `/media/card${width}.${format}`, format, width, height: (width * 9) / 16, crop: 'card' as const },
        { url: `/media/full${width}.${format}`, format, width, height: width / 2, crop: 'full' as const },
      ]),
    );
    const image = { url: '/media/full1280.jpeg', width: 1280, height: 640, alt: 'Stage', variants, dominant_color: '#336699', placeholder: null };
    renderAt(<EventCard event={eventSummary({ image })} />);
    const img = card().querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe('/media/card1280.jpeg');
    expect(img.getAttribute('srcset')).toBe('/media/card640.jpeg 640w, /media/card1280.jpeg 1280w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect((img as HTMLImageElement).style.backgroundColor).toBe('rgb(51, 102, 153)');
    expect(card().querySelector('picture source[type="image/avif"]')?.getAttribute('srcset')).toContain('/media/card640.avif 640w');
  });
});

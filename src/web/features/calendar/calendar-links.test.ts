import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const event = {
  title: 'Džez, bluz & više',
  startsAt: '2026-12-01T19:30:00.000Z',
  endsAt: null,
  details: 'https://kuda.rs/sr/events/dzez-42',
  location: 'Dom omladine, Makedonska 22',
};

describe('calendar service links', () => {
  it('fills the Google Calendar template with UTC dates, two hours without an end', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Džez, bluz & više');
    expect(url.searchParams.get('dates')).toBe('20261201T193000Z/20261201T213000Z');
    expect(url.searchParams.get('location')).toBe('Dom omladine, Makedonska 22');
    expect(url.searchParams.get('details')).toBe(event.details);
  });

  it('fills the Outlook compose deep link with ISO times', () => {
    const url = new URL(outlookCalendarUrl({ ...event, endsAt: '2026-12-01T22:00:00.000Z', location: null }));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('subject')).toBe('Džez, bluz & više');
    expect(url.searchParams.get('startdt')).toBe('2026-12-01T19:30:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-01T22:00:00.000Z');
    expect(url.searchParams.has('location')).toBe(false);
  });
});

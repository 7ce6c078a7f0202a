import { describe, expect, it } from 'vitest';
import { canAddToCalendar, dateToBeAnnounced, movedFrom } from './date-change';

const old = '2026-12-05T19:00:00.000Z';
const later = '2026-12-19T19:00:00.000Z';

describe('what a moved event may say about its date', () => {
  it.each([
    // name, event, moved from, to be announced, add to calendar
    ['a scheduled event', { status: 'scheduled', starts_at: old, date_tba: false, previous_starts_at: null }, null, false, true],
    ['postponed, new date to be announced', { status: 'postponed', starts_at: old, date_tba: true, previous_starts_at: old }, null, true, false],
    ['postponed, no new date on record', { status: 'postponed', starts_at: old, date_tba: false, previous_starts_at: null }, null, true, false],
    ['postponed to a known new date', { status: 'postponed', starts_at: later, date_tba: false, previous_starts_at: old }, old, false, true],
    ['rescheduled', { status: 'rescheduled', starts_at: later, date_tba: false, previous_starts_at: old }, old, false, true],
    ['cancelled', { status: 'cancelled', starts_at: old, date_tba: false, previous_starts_at: null }, null, false, false],
  ] as const)('%s', (_name, event, previous, tba, calendar) => {
    expect(movedFrom(event)).toBe(previous);
    expect(dateToBeAnnounced(event)).toBe(tba);
    expect(canAddToCalendar(event)).toBe(calendar);
  });
});

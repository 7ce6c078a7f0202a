import { describe, expect, it } from 'vitest';
import { MAX_SERIES_DATES } from '../../shared/schemas/organizer-workspace';
import { toZonedIso } from '../../shared/zoned-time';
import { AppError } from '../lib/errors';
import { seriesOccurrences } from './series';

const BELGRADE = 'Europe/Belgrade';
const local = (dates: Date[]) => dates.map((date) => toZonedIso(date, BELGRADE));

describe('seriesOccurrences', () => {
  it('keeps a weekly 20:00 in Belgrade at 20:00 across the spring clock change', () => {
    // 2026-03-29 is the last Sunday of March: clocks go from +01:00 to +02:00.
    const starts = seriesOccurrences({ startsAt: new Date('2026-03-20T20:00:00+01:00'), timeZone: BELGRADE, rrule: 'FREQ=WEEKLY;COUNT=4' });
    expect(local(starts)).toEqual(['2026-03-27T20:00:00+01:00', '2026-04-03T20:00:00+02:00', '2026-04-10T20:00:00+02:00']);
  });

  it('keeps the wall-clock time across the autumn clock change too', () => {
    const starts = seriesOccurrences({ startsAt: new Date('2026-10-18T19:30:00+02:00'), timeZone: BELGRADE, rrule: 'RRULE:FREQ=WEEKLY;COUNT=3' });
    expect(local(starts)).toEqual(['2026-10-25T19:30:00+01:00', '2026-11-01T19:30:00+01:00']);
  });

  it('repeats every second week on the days named', () => {
    const starts = seriesOccurrences({
      startsAt: new Date('2026-05-05T18:00:00+02:00'), // a Tuesday
      timeZone: BELGRADE,
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=3',
    });
    expect(local(starts)).toEqual(['2026-05-19T18:00:00+02:00', '2026-06-02T18:00:00+02:00']);
  });

  it('repeats monthly by date and on the second Tuesday of the month', () => {
    const byDate = seriesOccurrences({ startsAt: new Date('2026-01-15T21:00:00+01:00'), timeZone: BELGRADE, rrule: 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=3' });
    expect(local(byDate)).toEqual(['2026-02-15T21:00:00+01:00', '2026-03-15T21:00:00+01:00']);
    const secondTuesday = seriesOccurrences({ startsAt: new Date('2026-03-10T20:00:00+01:00'), timeZone: BELGRADE, rrule: 'FREQ=MONTHLY;BYDAY=+2TU;COUNT=4' });
    expect(local(secondTuesday)).toEqual(['2026-04-14T20:00:00+02:00', '2026-05-12T20:00:00+02:00', '2026-06-09T20:00:00+02:00']);
  });

  it('skips the exception dates', () => {
    const starts = seriesOccurrences({
      startsAt: new Date('2026-06-01T20:00:00+02:00'),
      timeZone: BELGRADE,
      rrule: 'FREQ=WEEKLY;COUNT=4',
      exdates: ['2026-06-15'],
    });
    expect(local(starts)).toEqual(['2026-06-08T20:00:00+02:00', '2026-06-22T20:00:00+02:00']);
  });

  it('stops an endless rule at the limit of dates and at one year', () => {
    const daily = seriesOccurrences({ startsAt: new Date('2026-06-01T20:00:00+02:00'), timeZone: BELGRADE, rrule: 'FREQ=DAILY' });
    expect(daily).toHaveLength(MAX_SERIES_DATES);
    const monthly = seriesOccurrences({ startsAt: new Date('2026-06-01T20:00:00+02:00'), timeZone: BELGRADE, rrule: 'FREQ=MONTHLY' });
    expect(local(monthly).at(-1)).toBe('2027-06-01T20:00:00+02:00');
    expect(monthly).toHaveLength(12);
  });

  it('refuses a rule it cannot read as the field error field.rrule', () => {
    const attempt = () => seriesOccurrences({ startsAt: new Date('2026-06-01T20:00:00+02:00'), timeZone: BELGRADE, rrule: 'COUNT=3' });
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).fieldErrors).toEqual({ rrule: ['field.rrule'] });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isoToWallClock, startWarnings, wallClockToIso } from './zoned-time';

describe('wall clock in a time zone', () => {
  it.each([
    ['winter in Belgrade is +01:00', { date: '2026-01-15', time: '20:00' }, 'Europe/Belgrade', '2026-01-15T20:00:00+01:00'],
    ['summer in Belgrade is +02:00', { date: '2026-07-15', time: '20:00' }, 'Europe/Belgrade', '2026-07-15T20:00:00+02:00'],
    ['the last hour before the spring change is still +01:00', { date: '2026-03-29', time: '01:30' }, 'Europe/Belgrade', '2026-03-29T01:30:00+01:00'],
    ['a time skipped in spring moves an hour on', { date: '2026-03-29', time: '02:30' }, 'Europe/Belgrade', '2026-03-29T03:30:00+02:00'],
    ['the first hour after the spring change is +02:00', { date: '2026-03-29', time: '03:00' }, 'Europe/Belgrade', '2026-03-29T03:00:00+02:00'],
    ['the day after the autumn change is +01:00', { date: '2026-10-26', time: '00:30' }, 'Europe/Belgrade', '2026-10-26T00:30:00+01:00'],
    ['London in summer is +01:00', { date: '2026-07-15', time: '20:00' }, 'Europe/London', '2026-07-15T20:00:00+01:00'],
    ['UTC has no offset', { date: '2026-07-15', time: '20:00' }, 'UTC', '2026-07-15T20:00:00+00:00'],
  ])('%s', (_name, wallClock, zone, iso) => {
    expect(wallClockToIso(wallClock, zone)).toBe(iso);
    expect(Date.parse(wallClockToIso(wallClock, zone) ?? '')).toBe(Date.parse(iso));
  });

  it('answers null for an incomplete date or time', () => {
    expect(wallClockToIso({ date: '', time: '20:00' }, 'Europe/Belgrade')).toBeNull();
    expect(wallClockToIso({ date: '2026-07-15', time: '' }, 'Europe/Belgrade')).toBeNull();
  });

  it('reads an instant back as the zone shows it, across the autumn change', () => {
    expect(isoToWallClock('2026-10-24T18:00:00.000Z', 'Europe/Belgrade')).toEqual({ date: '2026-10-24', time: '20:00' });
    expect(isoToWallClock('2026-10-25T19:00:00.000Z', 'Europe/Belgrade')).toEqual({ date: '2026-10-25', time: '20:00' });
    expect(isoToWallClock(null, 'Europe/Belgrade')).toEqual({ date: '', time: '' });
  });

  it('warns about a start in the past and at a night hour, not about an evening ahead', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(startWarnings({ date: '2026-04-30', time: '20:00' }, 'Europe/Belgrade', now)).toEqual(['past']);
    expect(startWarnings({ date: '2026-06-01', time: '03:00' }, 'Europe/Belgrade', now)).toEqual(['night']);
    expect(startWarnings({ date: '2026-06-01', time: '20:00' }, 'Europe/Belgrade', now)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { isTonight, presetRange, startOfDate, toZonedIso, zonedTime, zoneOffsetMinutes } from './zoned-time';

const TZ = 'Europe/Belgrade';
const iso = (date: Date | undefined) => (date ? toZonedIso(date, TZ) : undefined);

describe('zoned time (Europe/Belgrade)', () => {
  it('knows the offset in summer and in winter', () => {
    expect(zoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), TZ)).toBe(120);
    expect(zoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), TZ)).toBe(60);
    expect(toZonedIso(new Date('2026-07-15T18:00:00Z'), TZ)).toBe('2026-07-15T20:00:00+02:00');
    expect(toZonedIso(new Date('2026-01-15T19:00:00Z'), TZ)).toBe('2026-01-15T20:00:00+01:00');
    expect(toZonedIso(new Date('2026-07-15T18:00:00Z'), 'UTC')).toBe('2026-07-15T18:00:00+00:00');
  });

  it('finds the instant of a local time, across the clock changes', () => {
    expect(zonedTime({ year: 2026, month: 3, day: 29, hour: 1 }, TZ).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(zonedTime({ year: 2026, month: 3, day: 29, hour: 3 }, TZ).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedTime({ year: 2026, month: 10, day: 25, hour: 12 }, TZ).toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(zonedTime({ year: 2026, month: 12, day: 32 }, TZ).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(startOfDate('2026-07-01', TZ).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDate('2026-01-31', TZ, 1).toISOString()).toBe('2026-01-31T23:00:00.000Z');
  });

  it('computes the date presets in local time, never before now', () => {
    // Wednesday 15 July 2026, 14:30 in Belgrade.
    const wednesday = new Date('2026-07-15T12:30:00Z');
    const range = (preset: 'today' | 'tomorrow' | 'weekend' | 'week', now: Date) => {
      const r = presetRange(preset, now, TZ);
      return [iso(r.from), iso(r.to)];
    };
    expect(range('today', wednesday)).toEqual(['2026-07-15T14:30:00+02:00', '2026-07-16T00:00:00+02:00']);
    expect(range('tomorrow', wednesday)).toEqual(['2026-07-16T00:00:00+02:00', '2026-07-17T00:00:00+02:00']);
    expect(range('weekend', wednesday)).toEqual(['2026-07-17T17:00:00+02:00', '2026-07-20T00:00:00+02:00']);
    expect(range('week', wednesday)).toEqual(['2026-07-15T14:30:00+02:00', '2026-07-20T00:00:00+02:00']);

    // Friday 20:00: the weekend has begun.
    const fridayEvening = new Date('2026-07-17T18:00:00Z');
    expect(range('weekend', fridayEvening)).toEqual(['2026-07-17T20:00:00+02:00', '2026-07-20T00:00:00+02:00']);
    // Saturday in winter.
    const saturday = new Date('2026-01-17T09:00:00Z');
    expect(range('weekend', saturday)).toEqual(['2026-01-17T10:00:00+01:00', '2026-01-19T00:00:00+01:00']);
    // Sunday: this week ends tonight.
    const sunday = new Date('2026-01-18T21:00:00Z');
    expect(range('week', sunday)).toEqual(['2026-01-18T22:00:00+01:00', '2026-01-19T00:00:00+01:00']);
    // Late on the local day while UTC is already on the next: "today" is tonight in Belgrade, until 06:00.
    const lateNight = new Date('2026-07-15T21:30:00Z');
    expect(range('today', lateNight)).toEqual(['2026-07-15T23:30:00+02:00', '2026-07-16T06:00:00+02:00']);
    // The night the clocks go back: the day has 25 hours.
    const changeDay = new Date('2026-10-25T06:00:00Z');
    expect(range('tomorrow', changeDay)).toEqual(['2026-10-26T00:00:00+01:00', '2026-10-27T00:00:00+01:00']);
    expect(range('today', new Date('2026-10-24T22:30:00Z'))).toEqual(['2026-10-25T00:30:00+02:00', '2026-10-26T00:00:00+01:00']);
  });

  it('makes "today" tonight from 18:00: the evening and the night until 06:00, across the clock changes', () => {
    const range = (now: Date) => {
      const r = presetRange('today', now, TZ);
      return [iso(r.from), iso(r.to)];
    };
    // 17:59 is still the afternoon: the rest of the calendar day.
    const afternoon = new Date('2026-07-15T15:59:00Z');
    expect(isTonight(afternoon, TZ)).toBe(false);
    expect(range(afternoon)).toEqual(['2026-07-15T17:59:00+02:00', '2026-07-16T00:00:00+02:00']);
    // 18:00 sharp: tonight, until 06:00 tomorrow.
    const evening = new Date('2026-07-15T16:00:00Z');
    expect(isTonight(evening, TZ)).toBe(true);
    expect(range(evening)).toEqual(['2026-07-15T18:00:00+02:00', '2026-07-16T06:00:00+02:00']);
    // Last Saturday of October: the clocks go back at 03:00, so the night is an hour longer; 06:00 is winter time.
    const autumnNight = new Date('2026-10-24T18:00:00Z');
    expect(range(autumnNight)).toEqual(['2026-10-24T20:00:00+02:00', '2026-10-25T06:00:00+01:00']);
    expect(presetRange('today', autumnNight, TZ).to!.getTime() - autumnNight.getTime()).toBe(11 * 3_600_000);
    // Last Saturday of March: the clocks go forward at 02:00, an hour shorter; 06:00 is summer time.
    const springNight = new Date('2026-03-28T21:00:00Z');
    expect(range(springNight)).toEqual(['2026-03-28T22:00:00+01:00', '2026-03-29T06:00:00+02:00']);
    expect(presetRange('today', springNight, TZ).to!.getTime() - springNight.getTime()).toBe(7 * 3_600_000);
    // After midnight it is a new day again (the small hours are "today" until the day ends).
    const smallHours = new Date('2026-07-15T23:30:00Z');
    expect(isTonight(smallHours, TZ)).toBe(false);
    expect(range(smallHours)).toEqual(['2026-07-16T01:30:00+02:00', '2026-07-17T00:00:00+02:00']);
  });
});

import { dateTimeFormat } from './intl-format';
import type { DatePreset } from './schemas/catalog';

/**
 * Calendar arithmetic in a named time zone with Intl only (no date library): the offset of a zone at an
 * instant, the instant of a local wall-clock time, and ISO 8601 strings with the local offset
 * (schema.org wants "2026-07-15T20:00:00+02:00", and Europe/Belgrade is +01:00 in winter).
 */

/** The formatter whose parts are a zone's wall clock (its locale and options; the zone is added). */
export const ZONED_PARTS_LOCALE = 'en-US';
export const ZONED_PARTS_OPTIONS = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
} as const satisfies Intl.DateTimeFormatOptions;

function formatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat(ZONED_PARTS_LOCALE, { timeZone, ...ZONED_PARTS_OPTIONS });
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: Monday 1 … Sunday 7. */
  weekday: number;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
  };
}

/** Minutes the zone is ahead of UTC at this instant (+60 for Belgrade in winter, +120 in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the zone's clocks show this local time. Days may overflow (day 32 = next month).
 * A time skipped by the spring change resolves to the instant one hour later on the clock.
 */
export function zonedTime(
  local: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  const second = guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second);
}

/** ISO 8601 with the zone's offset at that instant: 2026-07-15T20:00:00+02:00. */
export function toZonedIso(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return (
    `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** Midnight that starts the local day `addDays` after the one containing `instant`. */
export function startOfLocalDay(instant: Date, timeZone: string, addDays = 0): Date {
  const p = localParts(instant, timeZone);
  return zonedTime({ year: p.year, month: p.month, day: p.day + addDays }, timeZone);
}

/** Midnight starting a local calendar date given as YYYY-MM-DD, plus `addDays`. */
export function startOfDate(isoDate: string, timeZone: string, addDays = 0): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return zonedTime({ year, month, day: day + addDays }, timeZone);
}

export interface TimeRange {
  from: Date;
  /** Exclusive. */
  to?: Date;
}

/** Weekend starts on Friday at this local hour (documented with DatePresetSchema). */
export const WEEKEND_FRIDAY_HOUR = 17;

/**
 * From this local hour on, "today" is "tonight": the rest of the evening and the night, until
 * TONIGHT_ENDS_HOUR the next morning (a club night that starts at 00:30 is still tonight's outing).
 */
export const TONIGHT_FROM_HOUR = 18;
export const TONIGHT_ENDS_HOUR = 6;

/** Whether `today` means "tonight" at this instant (the web labels the chip so). */
export function isTonight(now: Date, timeZone: string): boolean {
  return localParts(now, timeZone).hour >= TONIGHT_FROM_HOUR;
}

/** The range a date preset covers, never reaching back before `now`. */
export function presetRange(preset: DatePreset, now: Date, timeZone: string): TimeRange {
  const today = localParts(now, timeZone);
  const endOfWeek = startOfLocalDay(now, timeZone, 8 - today.weekday);
  switch (preset) {
    case 'today':
      if (today.hour >= TONIGHT_FROM_HOUR) {
        return { from: now, to: zonedTime({ year: today.year, month: today.month, day: today.day + 1, hour: TONIGHT_ENDS_HOUR }, timeZone) };
      }
      return { from: now, to: startOfLocalDay(now, timeZone, 1) };
    case 'tomorrow':
      return { from: startOfLocalDay(now, timeZone, 1), to: startOfLocalDay(now, timeZone, 2) };
    case 'weekend': {
      if (today.weekday >= 6) return { from: now, to: endOfWeek };
      const friday = zonedTime(
        { year: today.year, month: today.month, day: today.day + (5 - today.weekday), hour: WEEKEND_FRIDAY_HOUR },
        timeZone,
      );
      return { from: friday > now ? friday : now, to: endOfWeek };
    }
    case 'week':
      return { from: now, to: endOfWeek };
  }
}

import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { localParts as zonedParts, zonedTime } from '../../../shared/zoned-time';

/** The demo's clock: Belgrade calendar days and nights, the instants their local times name. */

export const TIME_ZONE = DEFAULT_TIME_ZONE;
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const QUARTER = 15 * MINUTE;
/** A night runs until this local hour of the next morning (a club night at 00:30 belongs to the evening before). */
export const NIGHT_ENDS_HOUR = 6;

export const localParts = (date: Date) => zonedParts(date, TIME_ZONE);

/** The instant when Belgrade's clocks show `minutes` past midnight on the given calendar date (may exceed 24 h). */
export function belgradeTime(year: number, month: number, day: number, minutes: number): Date {
  return zonedTime({ year, month, day, minute: minutes }, TIME_ZONE);
}

export interface LocalDay {
  /** Days after today (Belgrade calendar); -1 is yesterday, whose night may still be going on. */
  index: number;
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function localDays(now: Date, count: number, first = 0): LocalDay[] {
  const today = localParts(now);
  return Array.from({ length: count }, (_, n) => {
    const index = first + n;
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + index));
    return {
      index,
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      weekday: date.getUTCDay(),
    };
  });
}

export const toMinutes = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export const ceilToQuarter = (ms: number): number => Math.ceil(ms / QUARTER) * QUARTER;

/** The Belgrade night an instant belongs to ("YYYY-MM-DD" of the evening; early morning counts as the night before). */
export function belgradeNight(instant: Date): string {
  const p = localParts(new Date(instant.getTime() - NIGHT_ENDS_HOUR * 60 * MINUTE));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes after the start of its night's calendar day (00:30 after a Friday is 24:30 on Friday). */
export function nightMinutes(instant: Date): number {
  const p = localParts(instant);
  const minutes = p.hour * 60 + p.minute;
  return p.hour < NIGHT_ENDS_HOUR ? minutes + 24 * 60 : minutes;
}

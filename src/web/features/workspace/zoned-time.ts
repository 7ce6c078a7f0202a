/**
 * Wall-clock date and time in a named time zone ↔ ISO 8601 with that zone's offset, with Intl only.
 * The editor's inputs say "20:00 on 15 July in Belgrade"; the API wants "2026-07-15T20:00:00+02:00".
 * The calendar arithmetic itself is the app's one copy, src/shared/zoned-time.ts.
 */
import { localParts, toZonedIso, zonedTime } from '../../../shared/zoned-time';

export const EDITOR_TIME_ZONES = ['Europe/Belgrade', 'Europe/London', 'Europe/Kyiv', 'Europe/Moscow', 'UTC'] as const;
export const DEFAULT_TIME_ZONE = 'Europe/Belgrade';

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

const pad = (value: number, size = 2) => String(Math.trunc(value)).padStart(size, '0');

/** The instant the zone's clocks show this wall-clock time; a time skipped in spring moves one hour on. */
export function wallClockToInstant({ date, time }: WallClock, timeZone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const instant = zonedTime(
    { year: Number(dateMatch[1]), month: Number(dateMatch[2]), day: Number(dateMatch[3]), hour: Number(timeMatch[1]), minute: Number(timeMatch[2]) },
    timeZone,
  );
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** "2026-07-15" + "20:00" in Belgrade → "2026-07-15T20:00:00+02:00"; null when the inputs are incomplete. */
export function wallClockToIso(wallClock: WallClock, timeZone: string): string | null {
  const instant = wallClockToInstant(wallClock, timeZone);
  return instant ? toZonedIso(instant, timeZone) : null;
}

/** The date and time the zone's clocks show at an ISO instant (to fill the editor's inputs). */
export function isoToWallClock(iso: string | null | undefined, timeZone: string): WallClock {
  if (!iso) return { date: '', time: '' };
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return { date: '', time: '' };
  const p = localParts(instant, timeZone);
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** Warnings (never errors) about a start: already past, or at an hour few events start (00:00–07:00). */
export function startWarnings(wallClock: WallClock, timeZone: string, now: Date = new Date()): ('past' | 'night')[] {
  const instant = wallClockToInstant(wallClock, timeZone);
  if (!instant) return [];
  const warnings: ('past' | 'night')[] = [];
  if (instant.getTime() < now.getTime()) warnings.push('past');
  const hour = Number(wallClock.time.slice(0, 2));
  if (hour < 7) warnings.push('night');
  return warnings;
}

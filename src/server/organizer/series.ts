import * as rruleModule from 'rrule';
import { MAX_SERIES_DATES } from '../../shared/schemas/organizer-workspace';
import { localParts, zonedTime } from '../../shared/zoned-time';
import { invalidField } from '../lib/errors';
import { DAY_MS } from '../../shared/constants';

// rrule's `main` is a UMD bundle: Node's ESM loader exposes only its default export, esbuild the named ones.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

/** How far ahead a series is materialised (DESIGN §14: real rows up to a horizon). */
export const SERIES_HORIZON_DAYS = 366;

export interface OccurrenceInput {
  /** The template event's start: the first date of the series, not repeated. */
  startsAt: Date;
  timeZone: string;
  /** RFC 5545 RRULE, with or without the `RRULE:` prefix (no DTSTART: the template gives it). */
  rrule: string;
  /** Local calendar dates (YYYY-MM-DD, in the event's zone) to skip. */
  exdates?: readonly string[];
  max?: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The later starts of a series, as instants. rrule computes in "floating" time (UTC fields standing for
 * wall-clock fields), so the rule runs on the template's local wall-clock time and every date is turned
 * back into an instant in the event's zone: a weekly 20:00 in Belgrade stays 20:00 across the DST change.
 * An unreadable rule is the field error `field.rrule`.
 */
export function seriesOccurrences(input: OccurrenceInput): Date[] {
  const max = Math.min(input.max ?? MAX_SERIES_DATES, MAX_SERIES_DATES);
  const local = localParts(input.startsAt, input.timeZone);
  const floatingStart = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
  const horizon = new Date(floatingStart.getTime() + SERIES_HORIZON_DAYS * DAY_MS);
  let rule: InstanceType<typeof RRule>;
  try {
    const options = RRule.parseString(input.rrule.replace(/^RRULE:/, ''));
    if (options.freq === undefined) throw new Error('FREQ missing');
    rule = new RRule({ ...options, dtstart: floatingStart });
  } catch {
    throw invalidField('rrule', 'field.rrule');
  }
  const skipped = new Set(input.exdates ?? []);
  const starts: Date[] = [];
  // The iterator stops the rule at the horizon, so an endless rule (no COUNT/UNTIL) is safe.
  rule.all((date) => {
    if (date > horizon || starts.length >= max) return false;
    if (date.getTime() <= floatingStart.getTime()) return true;
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    if (!skipped.has(day)) {
      starts.push(
        zonedTime(
          { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes() },
          input.timeZone,
        ),
      );
    }
    return starts.length < max;
  });
  return starts;
}

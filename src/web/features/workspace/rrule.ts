/**
 * The series dialog's choices → an RFC 5545 RRULE (https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10),
 * which the server materialises into real events (CreateSeriesSchema).
 */

export type SeriesFrequency = 'weekly' | 'monthly_date' | 'monthly_weekday';

export interface SeriesChoice {
  frequency: SeriesFrequency;
  /** Every n weeks (weekly) or months (monthly); 1 = every. */
  interval: number;
  /** The first event's local date (YYYY-MM-DD): gives the weekday and the day of the month. */
  firstDate: string;
  end: { kind: 'count'; count: number } | { kind: 'until'; until: string };
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

function calendarDate(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** Which occurrence of its weekday in the month a date is: 1 (first) … 5; 5 is written -1 (the last). */
export function weekdayOrdinal(date: string): { ordinal: number; weekday: number } {
  const day = calendarDate(date);
  const ordinal = Math.ceil(day.getUTCDate() / 7);
  return { ordinal, weekday: day.getUTCDay() };
}

export function buildRrule(choice: SeriesChoice): string {
  const first = calendarDate(choice.firstDate);
  const rule: string[] = [];
  if (choice.frequency === 'weekly') {
    rule.push('FREQ=WEEKLY');
    if (choice.interval > 1) rule.push(`INTERVAL=${choice.interval}`);
    rule.push(`BYDAY=${BYDAY[first.getUTCDay()]}`);
  } else if (choice.frequency === 'monthly_date') {
    rule.push('FREQ=MONTHLY');
    if (choice.interval > 1) rule.push(`INTERVAL=${choice.interval}`);
    rule.push(`BYMONTHDAY=${first.getUTCDate()}`);
  } else {
    const { ordinal, weekday } = weekdayOrdinal(choice.firstDate);
    rule.push('FREQ=MONTHLY');
    if (choice.interval > 1) rule.push(`INTERVAL=${choice.interval}`);
    rule.push(`BYDAY=${ordinal === 5 ? '-1' : `+${ordinal}`}${BYDAY[weekday]}`);
  }
  if (choice.end.kind === 'count') rule.push(`COUNT=${Math.max(1, Math.trunc(choice.end.count))}`);
  else rule.push(`UNTIL=${choice.end.until.replace(/-/g, '')}T235959Z`);
  return rule.join(';');
}

import type { EventSummary } from '../../shared/schemas/catalog';

/**
 * What a card, an event page and its "add to calendar" may say about the date of a moved event (issue
 * #11). One place, so a card never shows a date its page calls unknown.
 */
type DateFields = Pick<EventSummary, 'starts_at' | 'status' | 'date_tba' | 'previous_starts_at'>;

/** The date it had before it was moved, when its new date is known (`starts_at`); else null. */
export function movedFrom(event: DateFields): string | null {
  if (event.date_tba || !event.previous_starts_at || event.previous_starts_at === event.starts_at) return null;
  return event.previous_starts_at;
}

/**
 * Postponed with no new date yet: `starts_at` is then the old date and must not be shown as the date.
 * A postponed event with no new date on record counts too, however its flag was left.
 */
export function dateToBeAnnounced(event: DateFields): boolean {
  return event.date_tba || (event.status === 'postponed' && movedFrom(event) === null);
}

/** "Add to calendar" only for a date that stands: never for a date to be announced, nor a cancelled event. */
export function canAddToCalendar(event: DateFields): boolean {
  return event.status !== 'cancelled' && !dateToBeAnnounced(event);
}

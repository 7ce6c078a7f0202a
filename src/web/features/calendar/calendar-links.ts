import { DEFAULT_DURATION_MS, formatUtc } from '../../../shared/ics';

/**
 * "Add to Google Calendar" and "Outlook" links: each service's documented template URL, filled from the
 * event. Neither service reads a feed for a single event, so the event travels in the query string.
 */

export interface CalendarLinkEvent {
  title: string;
  startsAt: string;
  endsAt: string | null;
  details: string;
  location: string | null;
}

/** Without an end time, the calendar file's default length. */
function endOf(event: CalendarLinkEvent): Date {
  const start = new Date(event.startsAt);
  return event.endsAt ? new Date(event.endsAt) : new Date(start.getTime() + DEFAULT_DURATION_MS);
}

/** calendar.google.com/calendar/render?action=TEMPLATE: UTC times as "start/end", shown in Belgrade time. */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${formatUtc(new Date(event.startsAt))}/${formatUtc(endOf(event))}`,
    details: event.details,
    ctz: 'Europe/Belgrade',
  });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** outlook.live.com's compose deep link: ISO 8601 UTC times. */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.startsAt).toISOString(),
    enddt: endOf(event).toISOString(),
    body: event.details,
  });
  if (event.location) params.set('location', event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

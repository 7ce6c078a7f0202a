import { localParts } from './zoned-time';
import { HOUR_MS } from './constants';

/**
 * iCalendar (RFC 5545), one writer for the browser's "add to calendar" file (one VEVENT, times in UTC) and
 * the server's subscribable feeds (many VEVENTs, local Belgrade times with their VTIMEZONE, SEQUENCE).
 * CRLF line endings, lines folded at 75 octets, TEXT values escaped.
 */

export interface IcsEvent {
  /** Globally unique and stable, so a second download updates the same calendar entry. */
  uid: string;
  title: string;
  startsAt: string;
  endsAt?: string | null;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status?: 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' | 'moved_online';
  /** DTSTAMP; defaults to now. */
  stamp?: Date;
  /** Feeds: raised on every change a calendar shows, so clients replace their copy (RFC 5545 §3.8.7.4). */
  sequence?: number;
  lastModified?: Date;
  geo?: { lat: number; lng: number } | null;
}

/** Without an end time a calendar would show a zero-length entry; two hours reads as "the evening". */
export const DEFAULT_DURATION_MS = 2 * HOUR_MS;

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11: backslash, semicolon and comma are escaped; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.3.5 form 2: UTC date-time, 20261122T190000Z. */
export function formatUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * RFC 5545 §3.1: lines longer than 75 octets are split with CRLF and one space, never inside a UTF-8
 * sequence (Cyrillic titles are two octets a letter).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const STATUS: Record<NonNullable<IcsEvent['status']>, string> = {
  scheduled: 'CONFIRMED',
  rescheduled: 'CONFIRMED',
  moved_online: 'CONFIRMED',
  postponed: 'TENTATIVE',
  cancelled: 'CANCELLED',
};

export function buildIcs(event: IcsEvent): string {
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : new Date(start.getTime() + DEFAULT_DURATION_MS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kuda//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp ?? new Date())}`,
    `DTSTART:${formatUtc(start)}`,
    `DTEND:${formatUtc(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // URI values are not TEXT: they are written as they are (RFC 5545 §3.3.13).
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${STATUS[event.status]}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name safe on every system: the event's slug, else "event". */
export function icsFileName(slug: string): string {
  const safe = slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'event'}.ics`;
}

/** The feeds' one zone: Kuda is a Belgrade guide, and calendar clients need the zone's rules with its name. */
export const FEED_TIME_ZONE = 'Europe/Belgrade';

/**
 * Europe/Belgrade since 1983 (EU rules): CEST from the last Sunday of March 02:00, CET from the last Sunday
 * of October 03:00. Written out rather than generated: the zone has not changed in forty years, and the
 * block is what every client (Outlook included) needs to place TZID times.
 */
const BELGRADE_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${FEED_TIME_ZONE}`,
  `X-LIC-LOCATION:${FEED_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** RFC 5545 §3.3.5 form 3: the local wall-clock time of the zone, 20261201T203000 (with a TZID parameter). */
export function formatLocal(date: Date, timeZone: string): string {
  const p = localParts(date, timeZone);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

function feedEventLines(event: IcsEvent, fallbackStamp: Date): string[] {
  const start = new Date(event.startsAt);
  const end = event.endsAt ? new Date(event.endsAt) : new Date(start.getTime() + DEFAULT_DURATION_MS);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    // A stamp that moves only when the event does: the feed body, and so its ETag, stays the same between polls.
    `DTSTAMP:${formatUtc(event.stamp ?? fallbackStamp)}`,
    `DTSTART;TZID=${FEED_TIME_ZONE}:${formatLocal(start, FEED_TIME_ZONE)}`,
    `DTEND;TZID=${FEED_TIME_ZONE}:${formatLocal(end, FEED_TIME_ZONE)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.lastModified) lines.push(`LAST-MODIFIED:${formatUtc(event.lastModified)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // GEO is "latitude;longitude" as FLOAT values (§3.8.1.6): the semicolon is the separator, not escaped.
  if (event.geo) lines.push(`GEO:${event.geo.lat.toFixed(6)};${event.geo.lng.toFixed(6)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${STATUS[event.status]}`);
  lines.push('END:VEVENT');
  return lines;
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the name a subscribing client shows for the calendar. */
  name: string;
  description?: string;
  events: IcsEvent[];
  /** DTSTAMP of events without their own stamp. */
  stamp: Date;
}

/**
 * A subscribable feed: one VCALENDAR, the Belgrade VTIMEZONE, one VEVENT per event with local times. The
 * same UID forever and a rising SEQUENCE let a client update an entry in place; a cancelled event stays in
 * the feed with STATUS:CANCELLED so subscribers see it cancelled rather than silently gone.
 */
export function buildCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kuda//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeText(calendar.description)}`] : []),
    `X-WR-TIMEZONE:${FEED_TIME_ZONE}`,
    // Clients that honour it poll hourly; ETag and Last-Modified keep those polls cheap.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...BELGRADE_VTIMEZONE,
    ...calendar.events.flatMap((event) => feedEventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

import { feedPath, type FeedKind } from '../../shared/calendar-paths';
import { buildCalendar, FEED_TIME_ZONE, icsFileName, type IcsEvent } from '../../shared/ics';
import { dateTimeFormat } from '../../shared/intl-format';
import { INTL_LOCALE, pickLocalized, type Locale } from '../../shared/locales';
import { categoryPath, eventPath, organizerPath, venuePath } from '../../shared/paths';
import type { DbOrTx } from '../db/client';
import { translate } from '../lib/i18n';
import { buildAtom, type AtomEntry } from './atom';
import * as repo from './calendar-repository';
import { userForCalendarSecret } from './calendar-secret';
import { DAY_MS } from '../../shared/constants';

/** How far back a feed reaches: a cancellation of last week's event still reaches its subscribers. */
export const FEED_PAST_DAYS = 30;
/** A feed is for a calendar, not an archive: enough for a busy venue's season, small enough to poll hourly. */
export const FEED_MAX_EVENTS = 300;
/** Atom readers show the latest few. */
export const ATOM_MAX_ENTRIES = 50;

/** A feed's text and the latest change it carries (Last-Modified); null when it carries no event. */
export interface FeedBody {
  body: string;
  lastModified: Date | null;
  /** A single event's file is saved under its slug (the browser's download name). */
  fileName?: string;
}

export interface CalendarServiceDeps {
  db: DbOrTx;
  now?: () => Date;
}

interface Owner {
  scope: repo.FeedScope;
  name: string;
  /** Its public page in the feed's language. */
  page: (locale: Locale) => string;
  updated: Date | null;
}

/** The tag URI (RFC 4151) of an Atom id: permanent, whatever the site's address becomes. */
function tagUri(what: string): string {
  return `tag:kuda,2026:${what}`;
}

function latest(rows: repo.FeedEventRow[], otherChange: Date | null): Date | null {
  return rows.reduce<Date | null>((max, row) => (!max || row.modifiedAt > max ? row.modifiedAt : max), otherChange);
}

/**
 * Calendar (RFC 5545) and Atom (RFC 4287) feeds of venues, organizers, categories, single events and a
 * person's own events (DESIGN §15). Public feeds are the same for everyone; the personal one opens only
 * with its secret and says nothing about why another secret fails.
 */
export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private since(): Date {
    return new Date(this.now().getTime() - FEED_PAST_DAYS * DAY_MS);
  }

  private async owner(kind: FeedKind, key: string, locale: Locale): Promise<Owner | null> {
    if (kind === 'category') {
      const category = await repo.findFeedCategory(this.deps.db, key);
      if (!category) return null;
      return { scope: { kind, id: category.id }, name: pickLocalized(category.name, locale), page: (l) => categoryPath(l, category), updated: null };
    }
    const id = /^\d{1,9}$/.test(key) ? Number(key) : null;
    if (!id) return null;
    if (kind === 'venue') {
      const venue = await repo.findFeedVenue(this.deps.db, id);
      if (!venue) return null;
      return { scope: { kind, id }, name: pickLocalized(venue.nameI18n, locale) || venue.name, page: (l) => venuePath(l, venue), updated: venue.updatedAt };
    }
    const organizer = await repo.findFeedOrganizer(this.deps.db, id);
    if (!organizer) return null;
    return { scope: { kind, id }, name: organizer.name, page: (l) => organizerPath(l, organizer), updated: organizer.createdAt };
  }

  private icsEvent(row: repo.FeedEventRow, locale: Locale, origin: string): IcsEvent {
    const url = `${origin}${eventPath(locale, row)}`;
    const summary = pickLocalized(row.summary, locale, row.sourceLocale);
    const venue = row.venueName === null ? null : pickLocalized(row.venueNameI18n, locale) || row.venueName;
    const address = [row.venueStreet, `${row.venuePostalCode ?? ''} ${row.venueLocality ?? ''}`.trim()].filter(Boolean).join(', ');
    return {
      uid: `event-${row.id}@kuda`,
      title: pickLocalized(row.title, locale, row.sourceLocale),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      description: [summary, url].filter(Boolean).join('\n\n'),
      location: venue ? [venue, address].filter(Boolean).join(', ') : row.onlineUrl,
      geo: row.venueLat !== null && row.venueLng !== null ? { lat: row.venueLat, lng: row.venueLng } : null,
      url,
      // A date to be announced is not a date to keep: the old one stays, marked tentative.
      status: row.dateTba ? 'postponed' : row.status,
      sequence: row.icsSequence,
      stamp: row.modifiedAt,
      lastModified: row.modifiedAt,
    };
  }

  private calendar(name: string, rows: repo.FeedEventRow[], locale: Locale, origin: string, otherChange: Date | null): FeedBody {
    const lastModified = latest(rows, otherChange);
    const body = buildCalendar({
      name,
      events: rows.map((row) => this.icsEvent(row, locale, origin)),
      // Only used by an event without its own stamp (none today); fixed so the body stays byte-stable.
      stamp: lastModified ?? new Date(0),
    });
    return { body, lastModified };
  }

  /** One event's calendar file (the event page's "add to calendar"), null when it is not public. */
  async eventCalendar(id: number, locale: Locale, origin: string): Promise<FeedBody | null> {
    const rows = await repo.listFeedEvents(this.deps.db, { kind: 'event', id }, { since: this.since(), limit: 1, order: 'start' });
    const row = rows[0];
    if (!row) return null;
    return { ...this.calendar(pickLocalized(row.title, locale, row.sourceLocale), rows, locale, origin, null), fileName: icsFileName(row.slug) };
  }

  async ownerCalendar(kind: FeedKind, key: string, locale: Locale, origin: string): Promise<FeedBody | null> {
    const owner = await this.owner(kind, key, locale);
    if (!owner) return null;
    const rows = await repo.listFeedEvents(this.deps.db, owner.scope, { since: this.since(), limit: FEED_MAX_EVENTS, order: 'start' });
    return this.calendar(translate(locale, `posted:calendar.feed.${kind}`, { name: owner.name }), rows, locale, origin, owner.updated);
  }

  async ownerAtom(kind: FeedKind, key: string, locale: Locale, origin: string): Promise<FeedBody | null> {
    const owner = await this.owner(kind, key, locale);
    if (!owner) return null;
    const rows = await repo.listFeedEvents(this.deps.db, owner.scope, { since: this.since(), limit: ATOM_MAX_ENTRIES, order: 'published' });
    const dates = dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full', timeStyle: 'short', timeZone: FEED_TIME_ZONE });
    const entries: AtomEntry[] = rows.map((row) => {
      const event = this.icsEvent(row, locale, origin);
      const when = row.dateTba ? translate(locale, 'common:event.dateTba') : dates.format(row.startsAt);
      const status = row.status === 'scheduled' ? '' : `${translate(locale, `common:event.status.${row.status}`)}. `;
      const summary = pickLocalized(row.summary, locale, row.sourceLocale);
      return {
        id: tagUri(`event-${row.id}`),
        title: event.title,
        link: event.url!,
        published: row.publishAt ?? row.createdAt,
        updated: row.modifiedAt,
        summary: `${status}${when}${event.location ? ` · ${event.location}` : ''}${summary ? `\n\n${summary}` : ''}`,
        category: pickLocalized(row.categoryName, locale),
      };
    });
    const lastModified = latest(rows, owner.updated);
    const body = buildAtom({
      id: tagUri(`${kind}-${'id' in owner.scope ? owner.scope.id : key}`),
      title: translate(locale, `posted:calendar.feed.${kind}`, { name: owner.name }),
      subtitle: translate(locale, `posted:calendar.feed.${kind}Description`, { name: owner.name }),
      self: `${origin}${feedPath(kind, key, 'atom', locale)}`,
      alternate: `${origin}${owner.page(locale)}`,
      language: INTL_LOCALE[locale],
      author: kind === 'organizer' ? owner.name : 'Kuda',
      // Required even when empty (§4.1.1): the owner's own date, else the epoch rather than "now" (a stable body).
      updated: lastModified ?? new Date(0),
      entries,
    });
    return { body, lastModified };
  }

  /**
   * The person's reservations (accepted or awaiting the organizer) and saved events. Null for an unknown
   * or reset secret, or a closed account: the caller answers 404 and nothing else.
   */
  async personalCalendar(secret: string, locale: Locale | null, origin: string): Promise<FeedBody | null> {
    const userId = await userForCalendarSecret(this.deps.db, secret);
    if (!userId) return null;
    const language = locale ?? (await repo.findUserLocale(this.deps.db, userId)) ?? 'sr';
    const [rows, changedAt] = await Promise.all([
      repo.listFeedEvents(this.deps.db, { kind: 'person', userId }, { since: this.since(), limit: FEED_MAX_EVENTS, order: 'start' }),
      repo.personalChangedAt(this.deps.db, userId),
    ]);
    return this.calendar(translate(language, 'posted:calendar.feed.person'), rows, language, origin, changedAt);
  }
}

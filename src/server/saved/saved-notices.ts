import { sql } from 'drizzle-orm';
import { pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import { eventPath } from '../../shared/paths';
import { SavedChangeSchema, type SavedChange } from '../../shared/schemas/saved';
import type { DbOrTx } from '../db/client';
import { translate } from '../lib/i18n';
import { formatWhen } from '../notifications/notification-render';

/**
 * "A saved event changed" (issue 12): when an event is called off, postponed or moved, every account that
 * saved it gets one `saved_event_change` in the bell. Written in the transaction of the change itself, so
 * a change that rolls back tells no one. The text is rendered at read time in the reader's language (and
 * by the daily digest at send time) from what is stored here.
 */

export interface SavedChangeData {
  kind: SavedChange;
  event_id: number;
  slug: string;
  /** The event's title when it changed, in every language it had. */
  event_title: LocalizedText;
  /** The start the event now has (for `rescheduled`, the new date). */
  starts_at: string;
  time_zone: string;
}

/**
 * One notification per account that saved the event, at most once per account, event and change: the key
 * holds the start the event has after the change, so moving it again to another date tells again, while a
 * retried or repeated request adds nothing. Guests have no bell and are skipped.
 */
export async function notifySavers(tx: DbOrTx, input: { eventId: number; change: SavedChange }): Promise<void> {
  await tx.execute(sql`
    INSERT INTO notifications (user_id, type, data, dedupe_key)
    SELECT s.user_id, 'saved_event_change',
           jsonb_build_object('kind', ${input.change}::text, 'event_id', e.id, 'slug', e.slug, 'event_title', e.title,
                              'starts_at', e.starts_at,
                              'time_zone', e.time_zone),
           'saved_event_change:' || e.id || ':' || ${input.change}::text || ':'
             || extract(epoch FROM e.starts_at)::bigint || ':' || s.user_id
    FROM saved_events s JOIN events e ON e.id = s.event_id
    WHERE s.event_id = ${input.eventId} AND s.user_id IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING`);
}

export const isSavedChangeType = (type: string) => type === 'saved_event_change';

/** Title, body and link of a `saved_event_change` in `locale`; data it does not know renders generically. */
export function renderSavedChange(locale: Locale, data: Record<string, unknown>): { title: string; body: string; link: string | null } {
  const parsed = SavedChangeSchema.safeParse(data.kind);
  const kind: SavedChange = parsed.success ? parsed.data : 'rescheduled';
  const title = data.event_title && typeof data.event_title === 'object' ? pickLocalized(data.event_title as LocalizedText, locale) : '';
  const startsAt = typeof data.starts_at === 'string' ? new Date(data.starts_at) : null;
  const timeZone = typeof data.time_zone === 'string' ? data.time_zone : 'Europe/Belgrade';
  const date = startsAt && !Number.isNaN(startsAt.getTime()) ? formatWhen(locale, startsAt, timeZone) : '';
  const params = { event: title, date };
  const id = Number(data.event_id);
  const link = Number.isSafeInteger(id) && id > 0 && typeof data.slug === 'string' ? eventPath(locale, { slug: data.slug, id }) : null;
  return {
    title: translate(locale, `posted:saved.notice.${kind}.title`, params),
    body: translate(locale, `posted:saved.notice.${kind}.body`, params),
    link,
  };
}

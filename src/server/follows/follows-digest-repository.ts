import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications, users } from '../db/schema';

/** The notifications a digest e-mail carries (0014: `notifications_digest_idx`). */
const DIGEST_TYPES = ['followed_event', 'saved_event_change'] as const;

/**
 * The fan-out of one published event: one `followed_event` notification for every account that follows
 * its venue, organizer, category or one of its tags, in one statement however many followers there are.
 * A person who follows several of them gets one notification, naming the most specific reason (venue,
 * then organizer, tag, category). The dedupe key (user + event) makes a retry or a second publication of
 * the same event add nothing. Guests are not notified: they have no bell (their follows move to the
 * account at sign-in). Returns how many notifications were written.
 */
export async function insertFollowedEventNotifications(db: DbOrTx, eventId: number): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO notifications (user_id, type, data, dedupe_key)
    SELECT DISTINCT ON (f.user_id)
      f.user_id,
      'followed_event',
      jsonb_build_object(
        'event_id', e.id,
        'event_slug', e.slug,
        'event_title', e.title,
        'via', f.kind,
        'via_name', CASE f.kind
          WHEN 'venue' THEN jsonb_build_object('sr', v.name) || v.name_i18n
          WHEN 'organizer' THEN jsonb_build_object('sr', o.name)
          WHEN 'category' THEN c.name
          ELSE t.name
        END
      ),
      'followed_event:' || e.id || ':' || f.user_id
    FROM events e
    JOIN follows f ON f.user_id IS NOT NULL AND (
      (f.kind = 'venue' AND f.target_id = e.venue_id)
      OR (f.kind = 'organizer' AND f.target_id = e.organizer_id)
      OR (f.kind = 'category' AND f.target_id = e.category_id)
      OR (f.kind = 'tag' AND f.target_id IN (SELECT et.tag_id FROM event_tags et WHERE et.event_id = e.id))
    )
    JOIN users u ON u.id = f.user_id AND u.status <> 'deleted'
    LEFT JOIN venues v ON f.kind = 'venue' AND v.id = f.target_id
    LEFT JOIN organizers o ON f.kind = 'organizer' AND o.id = f.target_id
    LEFT JOIN categories c ON f.kind = 'category' AND c.id = f.target_id
    LEFT JOIN tags t ON f.kind = 'tag' AND t.id = f.target_id
    WHERE e.id = ${eventId} AND e.published AND e.status <> 'cancelled'
    ORDER BY f.user_id, CASE f.kind WHEN 'venue' THEN 0 WHEN 'organizer' THEN 1 WHEN 'tag' THEN 2 ELSE 3 END
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Accounts with something not yet e-mailed that a digest carries, written between `since` and `until`. */
export async function digestRecipients(db: DbOrTx, until: Date, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        isNull(notifications.emailedAt),
        inArray(notifications.type, [...DIGEST_TYPES]),
        lte(notifications.createdAt, until),
        gt(notifications.createdAt, since),
        ne(users.status, 'deleted'),
      ),
    );
  return rows.map((row) => row.userId);
}

/** One person's notifications for the digest, oldest first, written between `since` and `until`. */
export async function digestItems(db: DbOrTx, userId: string, until: Date, since: Date) {
  return db
    .select({ id: notifications.id, type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.emailedAt),
        inArray(notifications.type, [...DIGEST_TYPES]),
        lte(notifications.createdAt, until),
        gt(notifications.createdAt, since),
      ),
    )
    .orderBy(asc(notifications.id));
}

export async function markEmailed(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.update(notifications).set({ emailedAt: sql`now()` }).where(and(inArray(notifications.id, ids), isNull(notifications.emailedAt)));
}

export async function findRecipient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

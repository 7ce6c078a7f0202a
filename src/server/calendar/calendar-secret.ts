import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notificationSettings, users } from '../db/schema';

/**
 * The personal calendar feed (/calendar/me/{secret}.ics) is a capability URL: 32 random bytes, stored as is
 * because the person must be able to copy it again from their settings; reset replaces it, and the old URL
 * then reveals nothing.
 */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The person's current secret, made on first use. */
export async function ensureCalendarSecret(db: DbOrTx, userId: string): Promise<string> {
  await db
    .insert(notificationSettings)
    .values({ userId, calendarSecret: newSecret() })
    .onConflictDoNothing({ target: notificationSettings.userId });
  await db
    .update(notificationSettings)
    .set({ calendarSecret: newSecret() })
    .where(and(eq(notificationSettings.userId, userId), isNull(notificationSettings.calendarSecret)));
  const [row] = await db
    .select({ secret: notificationSettings.calendarSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row!.secret!;
}

export async function resetCalendarSecret(db: DbOrTx, userId: string): Promise<string> {
  const secret = newSecret();
  await db
    .insert(notificationSettings)
    .values({ userId, calendarSecret: secret })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { calendarSecret: secret, updatedAt: new Date() } });
  return secret;
}

/** The active account a feed secret belongs to, or null (unknown, reset, or the account is gone). */
export async function userForCalendarSecret(db: DbOrTx, secret: string): Promise<string | null> {
  if (secret.length < 20 || secret.length > 100) return null;
  const [row] = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(and(eq(notificationSettings.calendarSecret, secret), eq(users.status, 'active')));
  return row?.userId ?? null;
}

/** Where a feed secret is served; `publicUrl` is the site's origin (config). */
export function calendarFeedUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/$/, '')}/calendar/me/${secret}.ics`;
}

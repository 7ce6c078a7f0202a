import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notificationSettings } from '../db/schema';

/** A person's e-mail choices (0014). No row means these defaults: everything but the weekly digest. */
export interface NotificationPreferences {
  emailReservations: boolean;
  emailReminders: boolean;
  emailFollowed: boolean;
  emailDigest: boolean;
  /** Null: e-mails in the account's own language. */
  emailLocale: 'sr' | 'en' | 'uk' | 'ru' | null;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailReservations: true,
  emailReminders: true,
  emailFollowed: true,
  emailDigest: false,
  emailLocale: null,
};

export async function readNotificationPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      emailReservations: notificationSettings.emailReservations,
      emailReminders: notificationSettings.emailReminders,
      emailFollowed: notificationSettings.emailFollowed,
      emailDigest: notificationSettings.emailDigest,
      emailLocale: notificationSettings.emailLocale,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export async function writeNotificationPreferences(
  db: DbOrTx,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: new Date() } });
  return readNotificationPreferences(db, userId);
}

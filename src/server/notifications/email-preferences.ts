import { isLocale, type Locale } from '../../shared/locales';
import type { EmailKind } from '../../shared/schemas/account-settings';
import type { DbOrTx } from '../db/client';
import { readNotificationPreferences } from './notification-settings-repository';

/**
 * Whether a person wants an e-mail of `kind`, and in which language: what every sender of an e-mail a
 * person may turn off asks first (reservation changes, reminders, followed publishers, the digest).
 * Security e-mails do not ask. Send the message with `{ kind, userId, locale }` and the mailer adds the
 * unsubscribe link (unsubscribe-mailer.ts).
 */
export async function emailChoice(
  db: DbOrTx,
  userId: string,
  kind: EmailKind,
  accountLocale: string | null | undefined,
): Promise<{ send: boolean; locale: Locale }> {
  const preferences = await readNotificationPreferences(db, userId);
  const send = {
    reservations: preferences.emailReservations,
    reminders: preferences.emailReminders,
    followed: preferences.emailFollowed,
    digest: preferences.emailDigest,
  }[kind];
  return { send, locale: localeOf(preferences, accountLocale) };
}

/** The language of a person's e-mails, every kind (security ones too): their choice, else the account's. */
export async function emailLocale(db: DbOrTx, userId: string, accountLocale: string | null | undefined): Promise<Locale> {
  return localeOf(await readNotificationPreferences(db, userId), accountLocale);
}

function localeOf(preferences: { emailLocale: Locale | null }, accountLocale: string | null | undefined): Locale {
  return preferences.emailLocale ?? (isLocale(accountLocale) ? accountLocale : 'sr');
}

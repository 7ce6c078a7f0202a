import type { EmailKind, NotificationSettings, UpdateNotificationSettings } from '../../shared/schemas/account-settings';
import { calendarFeedUrl, ensureCalendarSecret, resetCalendarSecret } from '../calendar/calendar-secret';
import { AppError } from '../lib/errors';
import {
  type NotificationPreferences,
  readNotificationPreferences,
  writeNotificationPreferences,
} from '../notifications/notification-settings-repository';
import type { UnsubscribeTokens } from '../notifications/unsubscribe-tokens';
import { type AccountsDeps, requireAccount } from './accounts';

/** The preference each kind of e-mail obeys (and that its unsubscribe link turns off). */
export const PREFERENCE_OF_KIND = {
  reservations: 'emailReservations',
  reminders: 'emailReminders',
  followed: 'emailFollowed',
  digest: 'emailDigest',
} as const satisfies Record<EmailKind, keyof NotificationPreferences>;

/**
 * Which e-mails a person wants and in which language, the personal calendar feed's URL, and the
 * one-click unsubscribe (issue #12). The feed URL is a secret: answers carrying it are never cached
 * (the API's default no-store) and it is never logged.
 */
export class NotificationSettingsService {
  constructor(private readonly deps: Pick<AccountsDeps, 'db' | 'publicUrl' | 'log'> & { unsubscribeTokens: UnsubscribeTokens }) {}

  async get(userId: string): Promise<NotificationSettings> {
    await requireAccount(this.deps.db, userId);
    const preferences = await readNotificationPreferences(this.deps.db, userId);
    const secret = await ensureCalendarSecret(this.deps.db, userId);
    return { ...toWire(preferences), calendar_url: calendarFeedUrl(this.deps.publicUrl, secret) };
  }

  async update(userId: string, input: UpdateNotificationSettings): Promise<NotificationSettings> {
    await requireAccount(this.deps.db, userId);
    const changes: Partial<NotificationPreferences> = {};
    if (input.email_reservations !== undefined) changes.emailReservations = input.email_reservations;
    if (input.email_reminders !== undefined) changes.emailReminders = input.email_reminders;
    if (input.email_followed !== undefined) changes.emailFollowed = input.email_followed;
    if (input.email_digest !== undefined) changes.emailDigest = input.email_digest;
    if (input.email_locale !== undefined) changes.emailLocale = input.email_locale;
    await writeNotificationPreferences(this.deps.db, userId, changes);
    return this.get(userId);
  }

  /** A new feed secret: the old URL stops answering at once. */
  async resetCalendarUrl(userId: string): Promise<{ calendar_url: string }> {
    await requireAccount(this.deps.db, userId);
    const secret = await resetCalendarSecret(this.deps.db, userId);
    this.deps.log.info({ user_id: userId }, 'calendar feed URL reset');
    return { calendar_url: calendarFeedUrl(this.deps.publicUrl, secret) };
  }

  /** RFC 8058 one-click: the signed token is the only proof needed. A forged one changes nothing. */
  async unsubscribe(token: string): Promise<{ kind: EmailKind }> {
    const claims = await this.deps.unsubscribeTokens.verify(token);
    if (!claims) throw new AppError('invalid', 'unsubscribe_token_invalid');
    const account = await requireAccount(this.deps.db, claims.userId).catch(() => undefined);
    if (!account) throw new AppError('invalid', 'unsubscribe_token_invalid');
    await writeNotificationPreferences(this.deps.db, claims.userId, { [PREFERENCE_OF_KIND[claims.kind]]: false });
    this.deps.log.info({ user_id: claims.userId, kind: claims.kind }, 'unsubscribed');
    return { kind: claims.kind };
  }
}

function toWire(preferences: NotificationPreferences): Omit<NotificationSettings, 'calendar_url'> {
  return {
    email_reservations: preferences.emailReservations,
    email_reminders: preferences.emailReminders,
    email_followed: preferences.emailFollowed,
    email_digest: preferences.emailDigest,
    email_locale: preferences.emailLocale,
  };
}

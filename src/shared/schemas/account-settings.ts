import { z } from 'zod';
import { LOCALES } from '../locales';
import { EmailSchema, PasswordSchema } from './users';

/**
 * Account basics and notification settings (issue #12): password and e-mail changes, the person's
 * sessions, which e-mails they want and the one-click unsubscribe of RFC 8058. Shared by server and web.
 */

/** The e-mail change link: `{PUBLIC_URL}/{lang}/confirm-email?token=…` (the page POSTs the token). */
export const EMAIL_CHANGE_PATH = '/confirm-email';
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** The unsubscribe page (`/{lang}/unsubscribe?token=`) and the mail clients' one-click POST (`/unsubscribe?token=`). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** The e-mails a person may turn off; each is one switch of the notification settings. */
export const EMAIL_KINDS = ['reservations', 'reminders', 'followed', 'digest'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const currentPassword = z
  .string({ error: 'field.required' })
  .min(1, { error: 'field.required' })
  .max(1024, { error: 'field.password_long' });

/** POST /users/change_password → 200 {status:'password_changed'}; every other session ends. */
export const ChangePasswordSchema = z.object({ current_password: currentPassword, new_password: PasswordSchema });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** POST /users/change_email → 202 {status:'confirmation_sent'}; `password` is required when the account has one. */
export const ChangeEmailSchema = z.object({ new_email: EmailSchema, password: z.string().max(1024).optional() });
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;
export const EmailChangeRequestedSchema = z.object({ status: z.literal('confirmation_sent') });
export type EmailChangeRequested = z.infer<typeof EmailChangeRequestedSchema>;

/** POST /users/confirm_email → 200 {status:'email_changed', email}. */
export const ConfirmEmailSchema = z.object({
  token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(200, { error: 'field.invalid' }),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailSchema>;
export const EmailChangedSchema = z.object({ status: z.literal('email_changed'), email: z.string() });
export type EmailChanged = z.infer<typeof EmailChangedSchema>;

/** One signed-in device: a token family (DESIGN §4). */
export const SessionSchema = z.object({
  id: z.string(),
  /** "Firefox · Linux", from the user agent at sign-in; null when the client sent none. */
  device: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.object({ items: z.array(SessionSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;
export const SessionParamsSchema = z.object({ id: z.uuid({ error: 'field.invalid' }) });

const settingsFields = {
  email_reservations: z.boolean(),
  email_reminders: z.boolean(),
  email_followed: z.boolean(),
  email_digest: z.boolean(),
  /** Null: e-mails in the account's language. */
  email_locale: z.enum(LOCALES).nullable(),
};

/** GET /users/notification_settings: the switches and the personal calendar feed's URL (a secret). */
export const NotificationSettingsSchema = z.object({ ...settingsFields, calendar_url: z.string() });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** POST /users/notification_settings: any subset of the switches (at least one). */
export const UpdateNotificationSettingsSchema = z
  .strictObject(Object.fromEntries(Object.entries(settingsFields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]>;
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'field.required' });
export type UpdateNotificationSettings = z.infer<typeof UpdateNotificationSettingsSchema>;

export const CalendarUrlSchema = z.object({ calendar_url: z.string() });

/** `?token=` of the unsubscribe link (RFC 8058 POST and the page). */
export const UnsubscribeQuerySchema = z.object({
  token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(1000, { error: 'field.invalid' }),
});
export const UnsubscribedSchema = z.object({ status: z.literal('unsubscribed'), kind: z.enum(EMAIL_KINDS) });
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;

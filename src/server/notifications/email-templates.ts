import type { TOptions } from 'i18next';
import type { Locale } from '../../shared/locales';
import { translate } from '../lib/i18n';
import { mailButton, mailDocument, mailParagraphs } from './mail-layout';
import type { MailMessage } from './mailer';

/** Texts come from the `emails` catalogue in the recipient's language (users.locale). */

function greeting(locale: Locale, firstName: string | null | undefined): string {
  return translate(locale, 'emails:greeting', { name: firstName ? ` ${firstName}` : '' });
}

/** Paragraphs, and the link as a button after the paragraph that leads to it (mail-layout.ts). */
function html(locale: Locale, paragraphs: string[], action?: { label: string; url: string; after: number }): string {
  const body = mailParagraphs(paragraphs);
  if (action) body.splice(action.after, 0, `<p>${mailButton(action)}</p>`);
  return mailDocument(locale, body.join(''));
}

interface LinkEmailInput {
  to: string;
  locale: Locale;
  firstName?: string | null;
  link: string;
}

/**
 * An e-mail whose point is one link: greeting, the `lead` paragraphs of `emails:{section}`, the link (on
 * its own line in the text, a button in the HTML), the `after` paragraphs, the signature.
 */
function linkEmail(input: LinkEmailInput, section: string, vars: TOptions, lead: string[], after: string[]): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:${section}.${key}`, vars);
  const before = [greeting(locale, input.firstName), ...lead.map(t)];
  const rest = [...after.map(t), translate(locale, 'emails:signature')];
  return {
    to: input.to,
    subject: t('subject'),
    text: [...before.slice(0, -1), `${before.at(-1)}\n${input.link}`, ...rest].join('\n\n'),
    html: html(locale, [...before, ...rest], { label: t('action'), url: input.link, after: before.length }),
  };
}

export function passwordResetEmail(input: LinkEmailInput & { minutes: number }): MailMessage {
  return linkEmail(input, 'password_reset', { minutes: input.minutes }, ['body'], ['ignore']);
}

export function emailVerificationEmail(input: LinkEmailInput & { hours: number }): MailMessage {
  return linkEmail(input, 'email_verification', { count: input.hours }, ['body'], ['ignore']);
}

/** Sent when the verified owner of an address (Google) took over an account whose password nobody proved. */
export function passwordSignInRemovedEmail(input: LinkEmailInput): MailMessage {
  return linkEmail(input, 'password_sign_in_removed', { email: input.to }, ['body', 'howto'], []);
}

/** Security: always sent. Tells the person their password changed, and how to take the account back if not them. */
export function passwordChangedEmail(input: LinkEmailInput): MailMessage {
  return linkEmail(input, 'password_changed', {}, ['body', 'not_you'], []);
}

/** To the NEW address: the link that confirms the change (security: always sent). */
export function emailChangeConfirmEmail(input: LinkEmailInput & { hours: number }): MailMessage {
  return linkEmail(input, 'email_change_confirm', { count: input.hours, email: input.to }, ['body'], ['ignore']);
}

/** To the OLD address: the change was asked for; if it was not the person, resetting the password stops it. */
export function emailChangeNoticeEmail(input: LinkEmailInput & { newEmail: string }): MailMessage {
  return linkEmail(input, 'email_change_notice', { email: input.newEmail }, ['body', 'not_you'], []);
}

export function accountDeletedEmail(input: { to: string; locale: Locale }): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:account_deleted.${key}`);
  const lines = [greeting(locale, undefined), t('body'), t('closing'), translate(locale, 'emails:signature')];
  return { to: input.to, subject: t('subject'), text: lines.join('\n\n'), html: html(locale, lines) };
}

export function phoneCodeSms(input: { locale: Locale; code: string; minutes: number }): string {
  return translate(input.locale, 'emails:sms.code', { code: input.code, minutes: input.minutes });
}

/** An invitation to an organizer's team; the link opens the workspace, where the proven address joins. */
export function organizerInvitationEmail(input: {
  to: string;
  locale: Locale;
  organizer: string;
  inviter: string | null;
  role: 'owner' | 'manager' | 'door' | 'viewer';
  link: string;
}): MailMessage {
  const { locale } = input;
  const role = translate(locale, `emails:organizer_invitation.roles.${input.role}`);
  const t = (key: string) =>
    translate(locale, `emails:organizer_invitation.${key}`, { organizer: input.organizer, inviter: input.inviter ?? '', role, email: input.to });
  const lines = [greeting(locale, undefined), t(input.inviter ? 'body' : 'body_anonymous'), t('howto'), translate(locale, 'emails:signature')];
  return {
    to: input.to,
    subject: t('subject'),
    text: [lines[0], '', lines[1], '', lines[2], input.link, '', lines[3]].join('\n'),
    html: html(locale, lines, { label: t('action'), url: input.link, after: 3 }),
  };
}

import type { Locale } from '../../shared/locales';
import { translate } from '../lib/i18n';
import type { MailMessage } from './mailer';

/** Texts come from the `emails` catalogue in the recipient's language (users.locale). */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function greeting(locale: Locale, firstName: string | null | undefined): string {
  return translate(locale, 'emails:greeting', { name: firstName ? ` ${firstName}` : '' });
}

function html(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (action) {
    body.splice(
      2,
      0,
      `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#7c4dff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body.join('')}</body></html>`;
}

export function passwordResetEmail(input: { to: string; locale: Locale; firstName?: string | null; link: string; minutes: number }): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:password_reset.${key}`, { minutes: input.minutes });
  const lines = [greeting(locale, input.firstName), t('body'), t('ignore'), translate(locale, 'emails:signature')];
  return {
    to: input.to,
    subject: t('subject'),
    text: [lines[0], '', lines[1], input.link, '', lines[2], '', lines[3]].join('\n'),
    html: html(lines, { label: t('action'), url: input.link }),
  };
}

export function emailVerificationEmail(input: { to: string; locale: Locale; firstName?: string | null; link: string; hours: number }): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:email_verification.${key}`, { count: input.hours });
  const lines = [greeting(locale, input.firstName), t('body'), t('ignore'), translate(locale, 'emails:signature')];
  return {
    to: input.to,
    subject: t('subject'),
    text: [lines[0], '', lines[1], input.link, '', lines[2], '', lines[3]].join('\n'),
    html: html(lines, { label: t('action'), url: input.link }),
  };
}

/** Sent when the verified owner of an address (Google) took over an account whose password nobody proved. */
export function passwordSignInRemovedEmail(input: { to: string; locale: Locale; firstName?: string | null; link: string }): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:password_sign_in_removed.${key}`, { email: input.to });
  const lines = [greeting(locale, input.firstName), t('body'), t('howto'), translate(locale, 'emails:signature')];
  return {
    to: input.to,
    subject: t('subject'),
    text: [lines[0], '', lines[1], '', lines[2], input.link, '', lines[3]].join('\n'),
    html: html(lines, { label: t('action'), url: input.link }),
  };
}

export function accountDeletedEmail(input: { to: string; locale: Locale }): MailMessage {
  const { locale } = input;
  const t = (key: string) => translate(locale, `emails:account_deleted.${key}`);
  const lines = [greeting(locale, undefined), t('body'), t('closing'), translate(locale, 'emails:signature')];
  return { to: input.to, subject: t('subject'), text: lines.join('\n\n'), html: html(lines) };
}

export function phoneCodeSms(input: { locale: Locale; code: string; minutes: number }): string {
  return translate(input.locale, 'emails:sms.code', { code: input.code, minutes: input.minutes });
}

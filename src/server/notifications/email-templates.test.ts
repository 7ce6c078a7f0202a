import { describe, expect, it } from 'vitest';
import { emailVerificationEmail, passwordResetEmail, passwordSignInRemovedEmail } from './email-templates';
import { translate } from '../lib/i18n';

const LINK = 'https://kuda.example/en/reset-password#token=abc';
const paragraphs = (html: string) => [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1] ?? '');

describe('link e-mails', () => {
  const cases = [
    { name: 'password reset', mail: passwordResetEmail({ to: 'a@example.test', locale: 'en', firstName: 'Ana', link: LINK, minutes: 30 }), leadsTo: 'emails:password_reset.body' },
    { name: 'e-mail verification', mail: emailVerificationEmail({ to: 'a@example.test', locale: 'sr', link: LINK, hours: 24 }), leadsTo: 'emails:email_verification.body' },
    { name: 'password sign-in removed', mail: passwordSignInRemovedEmail({ to: 'a@example.test', locale: 'en', link: LINK }), leadsTo: 'emails:password_sign_in_removed.howto' },
  ];

  it.each(cases)('$name: the link follows the paragraph that leads to it, in the text and as the HTML button', ({ mail, leadsTo }) => {
    const locale = mail.subject === translate('sr', 'emails:email_verification.subject') ? 'sr' : 'en';
    const lead = translate(locale, leadsTo, { email: 'a@example.test', minutes: 30, count: 24 });
    expect(mail.text).toContain(`${lead}\n${LINK}\n\n`);
    const html = paragraphs(mail.html ?? '');
    const button = html.findIndex((paragraph) => paragraph.includes(`href="${LINK}"`));
    expect(html[button - 1]).toBe(lead.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`));
  });

  it('greets by first name and signs off in the recipient’s language', () => {
    const mail = passwordResetEmail({ to: 'a@example.test', locale: 'en', firstName: 'Ana', link: LINK, minutes: 30 });
    expect(mail.text.startsWith(translate('en', 'emails:greeting', { name: ' Ana' }))).toBe(true);
    expect(mail.text.endsWith(translate('en', 'emails:signature'))).toBe(true);
  });
});

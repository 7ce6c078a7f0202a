import { describe, expect, it } from 'vitest';
import { BRAND_PRIMARY } from '../../shared/brand';
import { theme } from '../../web/lib/theme';
import { passwordResetEmail } from './email-templates';
import { mailMessage } from './notification-render';

const buttonColours = (html: string) => [...html.matchAll(/<a [^>]*style="[^"]*background:([^;"]+)/g)].map((match) => match[1]);

describe('the e-mail layout', () => {
  it('draws every e-mail button in the app’s amber, the web theme’s primary colour', () => {
    expect(theme.palette.primary.main).toBe(BRAND_PRIMARY);
    const account = passwordResetEmail({ to: 'a@example.test', locale: 'uk', link: 'https://kuda.example/uk/reset-password#t', minutes: 30 });
    const notification = mailMessage('sr', {
      to: 'a@example.test',
      subject: 'Rezervacija',
      greeting: 'Zdravo',
      body: 'Prihvaćeno',
      links: [
        { label: 'Otvori', url: 'https://kuda.example/sr/reservation/1' },
        { label: 'Sve rezervacije', url: 'https://kuda.example/sr/reservations' },
      ],
      footer: ['Kuda'],
    });
    expect(buttonColours(account.html ?? '')).toEqual([BRAND_PRIMARY]);
    expect(buttonColours(notification.html ?? '')).toEqual([BRAND_PRIMARY, BRAND_PRIMARY]);
    expect(account.html).toContain('lang="uk"');
  });

  it('escapes what it is given, in paragraphs and in buttons', () => {
    const mail = mailMessage('en', { to: 'a@example.test', subject: 's', greeting: 'Hi <b>', body: 'x', links: [{ label: '"go"', url: 'https://k.example/?a=1&b=2' }], footer: [] });
    expect(mail.html).toContain('<p>Hi &#60;b&#62;</p>');
    expect(mail.html).toContain('href="https://k.example/?a=1&#38;b=2"');
    expect(mail.html).toContain('>&#34;go&#34;</a>');
  });
});

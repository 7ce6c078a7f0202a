import { translate } from '../lib/i18n';
import { appendToMailDocument, mailFooter } from './mail-layout';
import type { Mailer, MailMessage } from './mailer';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/**
 * Every e-mail a person may turn off leaves through here (services.ts wraps the app's mailer once), so
 * an e-mail added later (the digest) gets the same treatment by setting `kind`: the RFC 8058 one-click
 * headers, and a visible link in the footer to a page with a button (a GET never unsubscribes: link
 * scanners open links). Security e-mails carry no `kind` and pass unchanged.
 */
export class UnsubscribingMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly tokens: UnsubscribeTokens,
    private readonly publicUrl: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    if (!message.kind || !message.userId) return this.inner.send(message);
    const locale = message.locale ?? 'sr';
    const links = await this.tokens.links(this.publicUrl, { userId: message.userId, kind: message.kind, locale });
    const why = translate(locale, `emails:unsubscribe.why.${message.kind}`);
    const label = translate(locale, 'emails:unsubscribe.action');
    return this.inner.send({
      ...message,
      headers: { ...message.headers, 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      text: `${message.text}\n\n--\n${why}\n${label}: ${links.page}`,
      html: message.html === undefined ? undefined : appendToMailDocument(message.html, mailFooter(why, { label, url: links.page })),
    });
  }
}

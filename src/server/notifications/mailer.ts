import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Locale } from '../../shared/locales';
import type { EmailKind } from '../../shared/schemas/account-settings';
import { writeOutboxMessage } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe: added by `UnsubscribingMailer`, unsubscribe-mailer.ts). */
  headers?: Record<string, string>;
  /**
   * Which kind of e-mail a person may turn off this is, and whose: set on every e-mail but security ones
   * (password, e-mail change, reset), and the mailer adds the one-click unsubscribe link and headers.
   */
  kind?: EmailKind;
  userId?: string;
  /** The language of the message (for the unsubscribe footer). */
  locale?: Locale;
}

/** What goes on the wire: the routing fields (kind, userId, locale) stay inside the server. */
function wireMessage({ to, subject, text, html, headers }: MailMessage) {
  return { to, subject, text, ...(html === undefined ? {} : { html }), ...(headers ? { headers } : {}) };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  /** nodemailer loads with the first message (background jobs send them), not with the server's start. */
  private transport?: Promise<Transporter>;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
    await (await this.transport).sendMail({ from: this.from, ...wireMessage(message) });
  }
}

/**
 * Without SMTP (development, tests), messages are written as JSON files to DATA_DIR/outbox/mail so a
 * developer — or a browser test — can read them.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await writeOutboxMessage(this.dir, { from: this.from, ...wireMessage(message), ...(message.kind ? { kind: message.kind } : {}) });
  }
}

export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string }): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(join(config.DATA_DIR, 'outbox', 'mail'), config.MAIL_FROM);
}

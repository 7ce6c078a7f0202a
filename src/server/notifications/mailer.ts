import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { writeOutboxMessage } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
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
    await writeOutboxMessage(this.dir, { from: this.from, ...message });
  }
}

export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string }): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(join(config.DATA_DIR, 'outbox', 'mail'), config.MAIL_FROM);
}

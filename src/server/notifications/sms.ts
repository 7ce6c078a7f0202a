import { join } from 'node:path';
import { writeOutboxMessage } from './outbox';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  text: string;
}

export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Development and tests (SMS_PROVIDER=log): the message, code included, goes to the server log and to
 * DATA_DIR/outbox/sms, where browser tests read it. Never configure it in production.
 */
export class LogSmsProvider implements SmsProvider {
  constructor(
    private readonly log: { info: (obj: object, msg?: string) => void },
    private readonly dir: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.log.info({ sms_to: message.to }, `SMS (log provider) to ${message.to}: ${message.text}`);
    await writeOutboxMessage(this.dir, message);
  }
}

/** A real gateway: POSTs {to, text} as JSON with a bearer token (SMS_HTTP_URL, SMS_HTTP_TOKEN). */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }
}

export function createSmsProvider(
  config: { SMS_PROVIDER: 'log' | 'http'; SMS_HTTP_URL?: string; SMS_HTTP_TOKEN?: string; DATA_DIR: string },
  log: { info: (obj: object, msg?: string) => void },
): SmsProvider {
  if (config.SMS_PROVIDER === 'http') {
    if (!config.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return new HttpSmsProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN);
  }
  return new LogSmsProvider(log, join(config.DATA_DIR, 'outbox', 'sms'));
}

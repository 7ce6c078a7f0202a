import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * What the server "sent": the log SMS provider and the file mailer write each message as JSON under
 * DATA_DIR/outbox/{sms,mail}. Messages go out through the job queue, so readers poll.
 */
interface Message {
  to: string;
  text: string;
  sent_at: string;
}

function outbox(kind: 'sms' | 'mail'): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts exports it)');
  return join(dir, 'outbox', kind);
}

/** Messages of `kind` sent to `to`, newest first. */
function readOutbox(kind: 'sms' | 'mail', to: string): Message[] {
  let files: string[];
  try {
    files = readdirSync(outbox(kind)).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(outbox(kind), file), 'utf8')) as Message)
    .filter((message) => message.to === to)
    .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
}

/** The newest SMS code sent to `phone` (E.164), at or after `since` if given. */
export async function smsCode(phone: string, since = ''): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const message = readOutbox('sms', phone).find((m) => m.sent_at >= since);
        return (code = message?.text.match(/\b(\d{6})\b/)?.[1]);
      },
      { message: `an SMS code for ${phone}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The newest link to `page` mailed to `email` (registration mails a verification link too). */
export async function mailedLink(email: string, page: 'reset-password' | 'verify-email'): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${page}#token=[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const message of readOutbox('mail', email)) {
          link = message.text.match(pattern)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `a ${page} link mailed to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link ?? '';
}

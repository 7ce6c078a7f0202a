import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../../tests/support/test-app';
import type { SignInResponse, User } from '../../shared/schemas/users';

/** Test helpers for the accounts suites (not imported by the server). */

export const PASSWORD = 'Kuda-test!2026';

/** Settings for a suite: a private outbox, and client IPs from X-Forwarded-For (see `api`). */
export function accountsEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-accounts-')), TRUST_PROXY: 'true', ...extra };
}

let counter = 0;
export const uniqueEmail = (prefix = 'person') => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/**
 * JSON calls from a fresh client IP each time, so that per-IP rate limits do not trip suites that are not
 * about rate limits. Pass `ip` to pin it.
 */
export function api(t: () => TestApp) {
  return <T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
  ) =>
    t().json<T>(method, `/api/v1${path}`, {
      body: options.body,
      token: options.token,
      headers: { 'x-forwarded-for': options.ip ?? randomIp(), ...options.headers },
    });
}

export async function registerAndSignIn(
  t: () => TestApp,
  options: { email?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<SignInResponse & { email: string; password: string }> {
  const call = api(t);
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const guest = await t().guestToken();
  const registered = await call<{ user: User }>('POST', '/users/register_email', { body: { email, password }, token: guest, headers: options.headers });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call<SignInResponse>('POST', '/users/email_password_login', { body: { email, password }, token: guest, headers: options.headers });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { ...login.body, email, password };
}

interface OutboxMessage {
  file: string;
  to: string;
  text: string;
  subject?: string;
  html?: string;
}

function readOutbox(dataDir: string, kind: 'mail' | 'sms'): OutboxMessage[] {
  const dir = join(dataDir, 'outbox', kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<OutboxMessage, 'file'>) }));
}

export const smsTo = (dataDir: string, phone: string) => readOutbox(dataDir, 'sms').filter((m) => m.to === phone);
export const mailTo = (dataDir: string, email: string) => readOutbox(dataDir, 'mail').filter((m) => m.to === email);
/** Mails to `email` whose link opens `page` (e.g. '/reset-password'): registration also mails a link. */
export const mailsLinking = (dataDir: string, email: string, page: string) => mailTo(dataDir, email).filter((m) => m.text.includes(`${page}#token=`));
/** The token of the newest link to `page` mailed to `email`. */
export const linkedToken = (dataDir: string, email: string, page: string) =>
  mailsLinking(dataDir, email, page).at(-1)?.text.match(/#token=([A-Za-z0-9_-]+)/)?.[1];

/** The code of the latest SMS sent to `phone` (runs the due jobs first). */
export async function latestCode(t: () => TestApp, phone: string): Promise<string> {
  await t().services.jobs.runDue();
  const last = smsTo(t().services.config.DATA_DIR, phone).at(-1);
  const code = last?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code sent to ${phone}`);
  return code;
}

/** A valid Serbian mobile number not used by another test in this process. */
export function uniquePhone(): { local: string; e164: string } {
  const subscriber = String(1_000_000 + ((Date.now() + (counter += 1) * 7919) % 8_999_999)).padStart(7, '0');
  return { local: `064 ${subscriber.slice(0, 3)} ${subscriber.slice(3)}`, e164: `+38164${subscriber}` };
}

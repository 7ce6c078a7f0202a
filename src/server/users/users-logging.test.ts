import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import { TEST_JWT_SECRET } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createServices, type Services } from '../services';
import { linkedToken, PASSWORD, uniqueEmail, uniquePhone } from './users-test-kit';

/**
 * Every line the server logs during sign-up, sign-in, phone verification, password reset and sign-out,
 * at the most verbose level and without redaction: none carries a password, code, token or e-mail.
 * (The development SMS provider writes its message to the log by design; that one line is set aside.)
 */
const lines: string[] = [];
let close: (() => Promise<void>) | undefined;
let baseUrl = '';
let shared: Services | undefined;

beforeAll(async () => {
  const database = await createTestDatabase('pglite');
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'never',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kuda-log-')),
    LOG_LEVEL: 'trace',
  });
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  const services = createServices(config, database, TEST_JWT_SECRET, log);
  const app = await buildApp({ services, loggerInstance: log });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await database.drop();
  };
  shared = services;
});

afterAll(async () => {
  await close?.();
});

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

it('logs no password, code, token or e-mail address during a whole account journey', async () => {
  const services = shared;
  if (!services) throw new Error('app not started');
  const secrets: string[] = [];
  const email = uniqueEmail('logged');
  secrets.push(email, PASSWORD);
  const guest = (await call<{ access_token: string; refresh_token: string }>('POST', '/auth/register', { auth: 'client' })).body;
  secrets.push(guest.access_token, guest.refresh_token);
  expect((await call('POST', '/users/register_email', { email, password: PASSWORD }, guest.access_token)).status).toBe(201);
  // A failed attempt logs too.
  await call('POST', '/users/email_password_login', { email, password: 'Wrong-pass!123' }, guest.access_token);
  secrets.push('Wrong-pass!123');
  const login = await call<{ access_token: string; refresh_token: string }>('POST', '/users/email_password_login', { email, password: PASSWORD }, guest.access_token);
  expect(login.status).toBe(200);
  secrets.push(login.body.access_token, login.body.refresh_token);
  const token = login.body.access_token;

  const phone = uniquePhone();
  expect((await call('POST', '/users/add_additional_information', { name: 'Lana', last_name: 'Log', phone_number: phone.e164 }, token)).status).toBe(202);
  await services.jobs.runDue();
  const smsLines = lines.filter((line) => line.includes('SMS (log provider)'));
  const code = smsLines.at(-1)?.match(/\b(\d{6})\b/)?.[1];
  expect(code).toBeTruthy();
  secrets.push(code ?? '');
  await call('POST', '/users/verify_phone', { code: code === '000000' ? '111111' : '000000' }, token);
  expect((await call('POST', '/users/verify_phone', { code }, token)).status).toBe(200);

  expect((await call('POST', '/users/request_password_reset', { email }, guest.access_token)).status).toBe(202);
  await services.jobs.runDue();
  const resetToken = linkedToken(services.config.DATA_DIR, email, '/reset-password');
  expect(resetToken).toBeTruthy();
  secrets.push(resetToken ?? '');
  // The link e-mailed at registration confirms the address; its token is never logged either.
  const verificationToken = linkedToken(services.config.DATA_DIR, email, '/verify-email');
  expect(verificationToken).toBeTruthy();
  secrets.push(verificationToken ?? '');
  expect((await call('POST', '/users/verify_email', { token: verificationToken }, guest.access_token)).status).toBe(200);
  const newPassword = 'Fresh-Kuda!99x';
  expect((await call('POST', '/users/reset_password', { token: resetToken, password: newPassword }, guest.access_token)).status).toBe(200);
  secrets.push(newPassword);
  const relogin = await call<{ access_token: string; refresh_token: string }>('POST', '/users/email_password_login', { email, password: newPassword }, guest.access_token);
  const refreshed = await call<{ access_token: string; refresh_token: string }>('POST', '/auth/refresh_token', { refreshToken: relogin.body.refresh_token });
  secrets.push(refreshed.body.access_token, refreshed.body.refresh_token);
  expect((await call('POST', '/users/logout', {}, refreshed.body.access_token)).status).toBe(204);
  expect((await call('POST', '/users/request_user_deletion', { password: newPassword }, (await call<{ access_token: string }>('POST', '/users/email_password_login', { email, password: newPassword }, guest.access_token)).body.access_token)).status).toBe(202);
  await services.jobs.runDue();

  const checked = lines.filter((line) => !line.includes('SMS (log provider)'));
  expect(checked.length).toBeGreaterThan(20);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(5);
    for (const line of checked) expect(line, `log line carries a secret: ${line}`).not.toContain(secret);
  }
  // The user is named by id, so the journey can still be followed.
  expect(checked.some((line) => line.includes('"user_id"'))).toBe(true);
});

it('logs a social sign-in the deployment does not offer at info level, without a stack', async () => {
  const guest = (await call<{ access_token: string }>('POST', '/auth/register', { auth: 'client' })).body.access_token;
  const from = lines.length;
  const google = await call<{ code: string }>('POST', '/users/register_google', { id_token: 'x.y.z' }, guest);
  const facebook = await call<{ code: string }>('POST', '/users/register_facebook', { facebook_access_token: 'EAA', user_id: '1' }, guest);
  expect([google.status, google.body.code]).toEqual([404, 'provider_not_configured']);
  expect([facebook.status, facebook.body.code]).toEqual([404, 'provider_not_configured']);
  const logged = lines.slice(from).map((line) => JSON.parse(line) as { level: number; code?: string; err?: unknown; msg: string });
  const refusals = logged.filter((entry) => entry.code === 'provider_not_configured');
  expect(refusals).toHaveLength(2);
  for (const entry of refusals) {
    expect(entry.level).toBe(30);
    expect(entry.err).toBeUndefined();
  }
  expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
});

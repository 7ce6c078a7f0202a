import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { createServices, unsafeProductionSettings } from './services';

/** Building the services touches no database; a stand-in is enough to see what is logged at start. */
const noDatabase = { kind: 'pglite', db: {} } as unknown as Database;
const SECRET = 'x'.repeat(40);

function warningsAtStart(env: Record<string, string>) {
  const warnings: { obj: object; msg?: string }[] = [];
  const log = { info: () => undefined, error: () => undefined, warn: (obj: object, msg?: string) => void warnings.push({ obj, msg }) };
  createServices(loadConfig({ LOG_LEVEL: 'silent', ...env }), noDatabase, SECRET, log);
  return warnings;
}

describe('unsafe production settings', () => {
  it('names SMS_PROVIDER=log and a missing SMTP_URL in production only', () => {
    expect(unsafeProductionSettings({ NODE_ENV: 'production', SMS_PROVIDER: 'log', SMTP_URL: undefined })).toHaveLength(2);
    expect(unsafeProductionSettings({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMTP_URL: undefined })).toEqual([
      expect.stringContaining('SMTP_URL'),
    ]);
    expect(unsafeProductionSettings({ NODE_ENV: 'production', SMS_PROVIDER: 'log', SMTP_URL: 'smtp://mail.example' })).toEqual([
      expect.stringContaining('SMS_PROVIDER=log'),
    ]);
    expect(unsafeProductionSettings({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMTP_URL: 'smtp://mail.example' })).toEqual([]);
    expect(unsafeProductionSettings({ NODE_ENV: 'development', SMS_PROVIDER: 'log', SMTP_URL: undefined })).toEqual([]);
  });

  it('logs one loud warning when the services are built, without any setting value', () => {
    const smtp = 'smtp://kuda:s3cret-smtp-pass@mail.example:587';
    const warnings = warningsAtStart({ NODE_ENV: 'production', SMS_PROVIDER: 'log', SMTP_URL: smtp });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^UNSAFE FOR PRODUCTION: SMS_PROVIDER=log/);
    expect(JSON.stringify(warnings)).not.toContain('s3cret-smtp-pass');
    expect(JSON.stringify(warnings)).not.toContain(SECRET);
  });

  it('says nothing in development, or in production with real providers', () => {
    expect(warningsAtStart({ NODE_ENV: 'development' })).toEqual([]);
    expect(
      warningsAtStart({ NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMTP_URL: 'smtp://mail.example' }),
    ).toEqual([]);
  });
});

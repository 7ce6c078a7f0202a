import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveVapidKeys } from './vapid-keys';

describe('resolveVapidKeys', () => {
  it('generates a pair into DATA_DIR once and reuses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kuda-vapid-'));
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const first = await resolveVapidKeys(config);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.subject).toBe('mailto:no-reply@kuda.local');
    expect(await resolveVapidKeys(config)).toEqual(first);
    // The private key is readable by the server's user only.
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o077).toBe(0);
  });

  it('takes the configured pair and subject as they are', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'https://kuda.rs/contact',
    });
    expect(await resolveVapidKeys(config)).toEqual({ publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43), subject: 'https://kuda.rs/contact' });
  });

  it('refuses half a pair and a subject that is not mailto: or https:', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY: is required with the other VAPID_ key/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://kuda.rs' })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
  });
});

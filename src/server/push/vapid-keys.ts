import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = 'vapid-keys.json';

/** A new pair from web-push, loaded only when a pair must be made (a first push, not a start). */
async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const { default: webpush } = await import('web-push');
  return webpush.generateVAPIDKeys();
}

/**
 * The VAPID pair (RFC 8292): from the settings when given; else generated once and kept in DATA_DIR
 * (mode 0600) like the JWT secret, so that subscriptions made before a restart still accept our pushes.
 * Tests (NODE_ENV=test without keys) get a pair in memory: nothing is written beside the code.
 */
export async function resolveVapidKeys(config: Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.NODE_ENV === 'test') return { ...(await generateVapidKeys()), subject };
  const file = join(config.DATA_DIR, FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const keys = await generateVapidKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of this instance wrote it first: theirs stands, so both sign with one pair.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return resolveVapidKeys(config);
  }
  return { ...keys, subject };
}

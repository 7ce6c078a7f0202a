import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = 'vapid-keys.json';

/**
 * A new P-256 pair as `web-push generate-vapid-keys` makes it: the uncompressed public point and the
 * 32-byte private scalar, base64url. Made here with node:crypto, so that starting does not load web-push.
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // The private scalar can come out shorter than 32 bytes (leading zeros); it is sent at full length.
  const privateKey = curve.getPrivateKey();
  const padded = Buffer.concat([Buffer.alloc(Math.max(0, 32 - privateKey.length)), privateKey]);
  return { publicKey: curve.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/**
 * The VAPID pair (RFC 8292): from the settings when given; else generated once and kept in DATA_DIR
 * (mode 0600) like the JWT secret, so that subscriptions made before a restart still accept our pushes.
 * Tests (NODE_ENV=test without keys) get a pair in memory: nothing is written beside the code.
 */
export function resolveVapidKeys(config: Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): VapidKeys {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.NODE_ENV === 'test') return { ...generateVapidKeys(), subject };
  const file = join(config.DATA_DIR, FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const keys = generateVapidKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of this instance wrote it first: theirs stands, so both sign with one pair.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return resolveVapidKeys(config);
  }
  return { ...keys, subject };
}

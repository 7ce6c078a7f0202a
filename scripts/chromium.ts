import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** The installed Chromium that browser tests and the image and screenshot scripts drive; none is ever downloaded. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here; that is expected.
  }
  const found = candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH to its executable.',
    );
  }
  return found;
}

/** Quiet and quick in containers: no sandbox, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium';
import { FAKE_MAP_STYLE_URL, FAKE_PROVIDERS_URL, fakeProvidersEnv } from './tests/e2e/support/fake-providers-config';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh embedded database per run, seeded with the demo data: the same path a new user takes.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'kuda-e2e-'));
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  // One retry on CI: two browsers share two cores with the server there, and a journey that passes
  // only on its retry is still printed as "flaky" in the report, to be fixed rather than forgotten.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: process.env.CI ? 'retain-on-first-failure' : 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // A test tagged for one viewport (tests/e2e/support/test.ts, ONE_VIEWPORT) runs only in that project.
    { name: 'phone', grepInvert: /@desktop\b/, use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, browserName: 'chromium' } },
    { name: 'desktop', grepInvert: /@phone\b/, use: { viewport: { width: 1440, height: 900 }, browserName: 'chromium' } },
  ],
  webServer: [
    {
      // Stand-ins for Google and Facebook sign-in (tests/e2e/support), on a fixed port named in Kuda's env below.
      command: 'npx tsx tests/e2e/support/fake-providers-server.ts',
      url: `${FAKE_PROVIDERS_URL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server.js',
      url: `http://127.0.0.1:${PORT}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        SEED_DEMO: 'always',
        LOG_LEVEL: 'warn',
        SMS_PROVIDER: 'log',
        // Each test sends its own X-Forwarded-For (tests/e2e/support/client-address.ts), as people behind
        // the production proxy would; the limits stay as designed.
        TRUST_PROXY: 'true',
        ...fakeProvidersEnv(),
        // A local style (served by the fake server): the maps load offline, and the CSP must allow its origin.
        MAP_STYLE_URL: FAKE_MAP_STYLE_URL,
      },
    },
  ],
});

import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Server and shared tests run in Node; web tests opt into jsdom with a
 * `// @vitest-environment jsdom` line. Database suites share one migrated PGlite template per run
 * (tests/support/global-setup.ts) and clone it per file.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

// Bundles the Fastify server into dist/server.js (packages stay external) and copies what it reads at
// run time: SQL migrations and the translation catalogues.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/locales', 'dist/locales', { recursive: true });

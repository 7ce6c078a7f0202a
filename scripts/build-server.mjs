// Bundles the Fastify server into dist/kuda.js and its chunks (packages stay external), writes the dist/server.js entry, and copies what it reads at
// run time: SQL migrations and the translation catalogues.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { latin1Source } from './latin1-source.mjs';

/**
 * Packages are bundled into dist/kuda.js: Node resolves, reads and compiles each module file of a
 * package one by one at every start, and Fastify, its plugins and their dependencies are some 600 files
 * (about 0.3 s of a start; one bundle is one file's worth of reading and parsing). These stay in
 * node_modules and load at run time:
 * - packages that read their own files next to them: PGlite (its WebAssembly and data), swagger-ui (its
 *   page's files), pg (an optional native binding it looks for);
 * - native addons: argon2, sharp;
 * - what the server-rendering build imports too, so that both use one copy: React, React Router, zod,
 *   i18next (React and react-i18next are listed though the API imports neither today,
 *   so that a server module that starts to cannot bundle a second React);
 * - what loads only when first needed (a lazy `import()` would otherwise be parsed at every start):
 *   ioredis, nodemailer, web-push, sharp's HEIC decoder, and Vite with its middleware in development.
 * libphonenumber-js is bundled, here and in the server-rendering build (vite.config.ts): it keeps no state
 * that two copies would split, and as 112 modules it took about 90 ms of every start.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'pg',
  '@node-rs/argon2',
  'sharp',
  'react',
  'react-dom',
  'react-router',
  'react-i18next',
  'zod',
  'i18next',
  'ioredis',
  'nodemailer',
  'web-push',
  'heic-decode',
  'vite',
  '@fastify/middie',
];
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
      return EXTERNAL.includes(name) ? { path, external: true } : undefined;
    });
  },
};

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/server.ts'],
  // Split at dynamic imports of the project's own modules: a module loaded only on one path (each database
  // engine, db/embedded-database.ts and db/postgres-database.ts) is a chunk of its own, and so are the
  // packages only it imports.
  // Without splitting, esbuild hoists every external import of a lazily loaded module to the top of the
  // one bundle, and PGlite would load on PostgreSQL too (node-postgres on the embedded database).
  outdir: 'dist',
  entryNames: 'kuda',
  // Beside kuda.js, not in a folder of their own: modules find migrations, catalogues and the
  // server-rendering build from their own file's folder (import.meta.url), whichever chunk they land in.
  chunkNames: 'kuda-[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  // The CommonJS packages bundled here call require() for Node's own modules; an ES module has none.
  banner: { js: "import { createRequire as kudaCreateRequire } from 'node:module';\nconst require = kudaCreateRequire(import.meta.url);" },
  sourcemap: true,
  // The bundle's source stays in the V8 heap for the life of the process (lazy compilation, stack traces):
  // without comments and indentation it is 2.9 MB instead of 4.4, and a table of line starts is kept per
  // line. Names stay, so a stack trace still reads; dist/kuda.js.map maps it back.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
// Sources held in the heap as Latin-1, half the size (latin1-source.mjs).
const serverRendering = readdirSync('build/server', { recursive: true }).filter((file) => file.endsWith('.js')).map((file) => join('build/server', file));
const serverBundle = readdirSync('dist', { recursive: true }).filter((file) => file.endsWith('.js')).map((file) => join('dist', file));
for (const file of [...serverBundle, ...serverRendering]) writeFileSync(file, latin1Source(readFileSync(file, 'utf8')));
// dist/server.js, the production entry, runs before the bundle it imports (src/server/production-entry.ts).
await build({
  entryPoints: ['src/server/production-entry.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/locales', 'dist/locales', { recursive: true });

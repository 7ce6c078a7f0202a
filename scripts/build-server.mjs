// Bundles the Fastify server into dist/kuda.js (packages stay external), writes the dist/server.js entry, and copies what it reads at
// run time: SQL migrations and the translation catalogues.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Packages stay in node_modules and load at run time, except these pure-JavaScript ones that only the
 * server uses: drizzle-orm is some 110 small modules, which Node resolves, reads and compiles one by one
 * at every start (about 0.15 s); bundled they are one file's worth of parsing.
 */
const BUNDLED = /^drizzle-orm(\/|$)/;
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path }) => (BUNDLED.test(path) ? undefined : { path, external: true }));
  },
};

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/server.ts'],
  outfile: 'dist/kuda.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalPackages],
  sourcemap: true,
  logLevel: 'warning',
});
// dist/server.js is the production build: it runs as production unless NODE_ENV says otherwise (in
// development mode it would start Vite's dev server). Set before the bundle loads React and friends, which
// choose their production builds when they are first imported.
writeFileSync(
  'dist/server.js',
  "process.env.NODE_ENV ||= 'production';\nawait import('./kuda.js');\n",
);
cpSync('src/server/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/locales', 'dist/locales', { recursive: true });

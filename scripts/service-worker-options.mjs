/**
 * How the service worker is built (issue #12, docs/decisions/0015-service-worker.md): vite-plugin-pwa's
 * injectManifest compiles src/web/sw/service-worker.ts to build/client/service-worker.js (served as /sw.js) and writes into it the list of
 * files to precache, each with its content hash as revision. A test builds it twice (service-worker.test.ts).
 *
 * The web app manifest is not the plugin's: Kuda serves one per language from the server (its texts come
 * from the catalogues), and the page registers the worker itself after its load event.
 */
/** @param {{ outDir?: string }} [overrides] @returns {Partial<import('vite-plugin-pwa').VitePWAOptions>} */
export function serviceWorkerOptions(overrides = {}) {
  return {
    strategies: 'injectManifest',
    srcDir: 'src/web/sw',
    filename: 'service-worker.ts',
    outDir: overrides.outDir ?? 'build/client',
    injectRegister: false,
    manifest: false,
    scope: '/',
    injectManifest: {
      // The app shell: scripts, styles, fonts and icons. Event photos and the map's style are not: they are
      // many, large, and the pages show without them.
      globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
      // The map (maplibre-gl) alone is larger than the rest of the shell, and offline it has no tiles to draw.
      globIgnores: ['**/maplibre*', '**/*.map'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      // Hashed file names already say which version a file is: no second revision needed for them.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
  };
}

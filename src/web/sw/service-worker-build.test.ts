import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { getManifest, injectManifest } from 'workbox-build';
import { serviceWorkerOptions } from '../../../scripts/service-worker-options.mjs';

/**
 * Issue #12: "the service worker updates itself on a new release (a test builds two versions)". Builds the
 * worker as the app build does (vite-plugin-pwa: the source bundled as an ES module, then workbox-build's
 * injectManifest writes the precache list into it, with the options of scripts/service-worker-options.mjs)
 * for two releases of a small client build, without building the whole app. A browser installs a new
 * worker when /sw.js differs by a byte; the new one takes over (skipWaiting, clientsClaim) and deletes the
 * precache entries the new list no longer has (cleanupOutdatedCaches, and Workbox's revision check).
 */

const root = mkdtempSync(join(tmpdir(), 'kuda-sw-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const options = serviceWorkerOptions().injectManifest!;

function write(dir: string, path: string, content: string) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), content);
}

/** One release's build/client: the app chunk's name carries its content hash, as Vite names it. */
async function release(buildId: string) {
  const dir = join(root, buildId);
  write(dir, `assets/start-app-${buildId}.js`, `console.info(${JSON.stringify(buildId)});`);
  write(dir, 'assets/start-libs-unchanged.js', 'export const libs = 1;');
  write(dir, 'assets/start-app.css', 'body{margin:0}');
  write(dir, 'assets/maplibre-gl-unchanged.js', 'export const map = 1;');
  write(dir, 'icons/icon-192.png', `png of ${buildId.startsWith('b') ? 'the new icon' : 'the icon'}`);
  write(dir, 'favicon.svg', '<svg/>');
  write(dir, 'images/events/photo.webp', 'photo');
  await build({
    entryPoints: ['src/web/sw/service-worker.ts'],
    outfile: join(dir, 'service-worker.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const glob = {
    globDirectory: dir,
    globPatterns: options.globPatterns,
    globIgnores: options.globIgnores,
    dontCacheBustURLsMatching: options.dontCacheBustURLsMatching,
    maximumFileSizeToCacheInBytes: options.maximumFileSizeToCacheInBytes,
  };
  const { manifestEntries } = await getManifest(glob);
  await injectManifest({ ...glob, swSrc: join(dir, 'service-worker.js'), swDest: join(dir, 'service-worker.js') });
  const entries = new Map((manifestEntries ?? []).map((entry) => [typeof entry === 'string' ? entry : entry.url, typeof entry === 'string' ? null : entry.revision]));
  return { entries, worker: readFileSync(join(dir, 'service-worker.js'), 'utf8') };
}

describe('the service worker of two releases', () => {
  it('precaches the app shell, changes with the release and stays the same for the same build', async () => {
    const a = await release('a1');
    const b = await release('b2');
    const again = await release('a1');

    // The shell: scripts, styles, icons; not the map library, nor event photos.
    expect([...a.entries.keys()].sort()).toEqual(['assets/start-app-a1.js', 'assets/start-app.css', 'assets/start-libs-unchanged.js', 'favicon.svg', 'icons/icon-192.png']);
    // Hashed names need no revision; other files carry their content's.
    expect(a.entries.get('assets/start-app-a1.js')).toBeNull();
    expect(a.entries.get('icons/icon-192.png')).toMatch(/^[0-9a-f]{32}$/);

    // A new release: the new chunk replaces the old, a changed icon gets a new revision, the rest is kept.
    expect(b.entries.has('assets/start-app-b2.js')).toBe(true);
    expect(b.entries.has('assets/start-app-a1.js')).toBe(false);
    expect(b.entries.get('icons/icon-192.png')).not.toBe(a.entries.get('icons/icon-192.png'));
    expect(b.entries.get('favicon.svg')).toBe(a.entries.get('favicon.svg'));
    // So /sw.js differs and browsers install it; the injected list is what differs.
    expect(b.worker).not.toBe(a.worker);
    expect(b.worker).toContain('assets/start-app-b2.js');
    expect(a.worker).not.toContain('self.__WB_MANIFEST');
    // The same build twice gives the same bytes: no needless update for people.
    expect(again.worker).toBe(a.worker);
  });
});

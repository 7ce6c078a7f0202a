import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { namedScripts } from '../../bench/server';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { expect as baseExpect, test, waitForHydration } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * What a page loads first (issues #11 and #13, docs/performance.md): the home page's scripts stay within
 * its budget and name none of the parts that come later, a public page fetches none of the back office's
 * texts, the event page's picture is fetched at high priority from the HTML itself, and a back-office page
 * still gets its texts, when entered from a public page and when loaded directly, without a hydration
 * mismatch. Serbian on the phone, Ukrainian on the desktop.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const ADMIN = DEMO_ACCOUNTS.admin;
const BACK_OFFICE_NAMESPACES = ['organizer', 'workspace', 'door', 'team', 'admin', 'taxonomy', 'moderation'];
/** A catalogue chunk: a JSON module named after its namespace (a route chunk of the same name imports). */
const CATALOGUE_CHUNK = new RegExp(`/(${BACK_OFFICE_NAMESPACES.join('|')})-[\\w-]{8}\\.js$`);

/**
 * Issue #11: the home page's first-load JavaScript must not grow past its size before the city-guide
 * features (KB = 1024 bytes of gzip -9, every script the HTML names; docs/decisions/0005).
 */
const HOME_BUDGET_KB = 200.4;
/** Chunks of parts drawn only after hydration, on intent or when idle (docs/decisions/0005, "Since 0005"). */
const LATER_PARTS = [
  'LinearProgress',
  'Collapse',
  'Alert',
  'Skeleton',
  'Chip',
  'CircularProgress',
  'save-button',
  'for-you-row',
  'event-listing',
  'event-list-store',
  'account-avatar-menu',
  'map-failed-note',
];
const LATER_CHUNK = new RegExp(`/(${LATER_PARTS.join('|')})-[\\w-]{8}\\.js$`);

function language(): Locale {
  return test.info().project.name === 'phone' ? 'sr' : 'uk';
}

/** The back-office catalogues among the scripts the page fetched. */
function backOfficeCatalogues(page: Page): () => Promise<string[]> {
  const seen: Promise<string | null>[] = [];
  page.on('response', (response: Response) => {
    if (!CATALOGUE_CHUNK.test(new URL(response.url()).pathname)) return;
    seen.push(response.text().then((body) => (body.startsWith('import') ? null : response.url()), () => null));
  });
  return async () => (await Promise.all(seen)).filter((url): url is string => url !== null);
}

/** Hydration errors and warnings React prints in the console. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test.describe('the home page', () => {
  // The service worker precaches every chunk once installed: blocked here, so that what the page itself
  // fetches is what is counted.
  test.use({ serviceWorkers: 'block' });

  test('names only what its first screen needs, within its budget; the progress bar comes when idle', async ({ page }) => {
    const lang = language();
    const html = await (await page.request.get(`/${lang}/`)).text();
    const named = namedScripts(html);
    expect(named.length).toBeGreaterThan(2);
    // No script is fetched before the first screen has painted (lib/scripts-after-first-paint.ts):
    // the head preloads none, and the inline module imports nothing statically.
    expect(html).not.toMatch(/<link[^>]*modulepreload/i);
    expect(html).not.toMatch(/<script type="module"[^>]*>[^<]*\bimport\s*(\*|\{|")/);
    expect(named.filter((url) => LATER_CHUNK.test(url))).toEqual([]);
    let gzip = 0;
    const hinted: string[] = [];
    for (const url of named) {
      const body = await (await page.request.get(url)).body();
      gzip += gzipSync(body, { level: 9 }).length;
      if (body.subarray(0, 40).toString().startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(new URL(url, 'http://x').pathname.replace(/-[\w-]{8}\.js$/, ''));
    }
    expect(gzip / 1024).toBeLessThanOrEqual(HOME_BUDGET_KB);
    // The chunks every page runs at start ask Chrome to compile them while they stream in (vite.config.ts
    // startChunkCompileHints), first line first; the page's other chunks do not.
    expect(hinted.sort()).toEqual(['/assets/start-app', '/assets/start-libs']);

    // Not named, yet at hand before the first navigation: the page fetches the bar's code once it is idle.
    const fetched: string[] = [];
    page.on('response', (response) => fetched.push(new URL(response.url()).pathname));
    await page.goto(`/${lang}/`);
    await waitForHydration(page);
    // Every script started after the first pictures had arrived.
    const scripts = await page.evaluate(() => {
      const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]')];
      const arrived = pictures.map((img) => (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined)?.responseEnd ?? Number.NaN);
      const started = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime);
      return { pictures: arrived.length, arrived: Math.max(...arrived), started: started.length, firstScript: Math.min(...started) };
    });
    expect(scripts.pictures).toBeGreaterThan(0);
    expect(scripts.started).toBeGreaterThan(2);
    expect(scripts.firstScript).toBeGreaterThanOrEqual(scripts.arrived);
    await expect.poll(() => fetched.some((path) => /\/LinearProgress-[\w-]{8}\.js$/.test(path))).toBe(true);
  });
});

test('home rows and listing cards hydrate in short tasks onto the server’s own nodes, each boundary in place in the HTML', async ({ page }) => {
  const lang = language();
  for (const path of [`/${lang}/`, `/${lang}/categories/koncerti`]) {
    // React would send a large boundary out of line (hidden, moved into place by a script): then the page
    // without JavaScript would show nothing of it (entry.server.tsx keeps every boundary inline).
    const html = await (await page.request.get(path)).text();
    expect(html).toContain('<!--$-->');
    expect(html).not.toMatch(/<div hidden id="S:|\$RC\(/);

    // A boundary handed new children before it hydrates is drawn again from scratch in the browser: every
    // card the server sent must still be the same element once the page has hydrated and settled.
    const cards = '[data-testid="home-row"] li, [data-testid="event-grid"] > li';
    // Nor may a style element leave the head, even to come back where it was: Chromium then styles every
    // element of the page again, a long task as the page becomes interactive (lib/emotion.ts).
    await page.addInitScript((selector) => {
      const state = window as unknown as { serverCards: Element[]; stylesMoved: number };
      state.stylesMoved = 0;
      document.addEventListener('DOMContentLoaded', () => {
        state.serverCards = [...document.querySelectorAll(selector)];
        new MutationObserver((records) => {
          for (const record of records) state.stylesMoved += [...record.removedNodes].filter((node) => node.nodeName === 'STYLE').length;
        }).observe(document.head, { childList: true });
      });
    }, cards);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { sent, kept, stylesMoved, styles } = await page.evaluate(() => {
      const state = window as unknown as { serverCards: Element[]; stylesMoved: number };
      return {
        sent: state.serverCards.length,
        kept: state.serverCards.filter((card) => card.isConnected).length,
        stylesMoved: state.stylesMoved,
        styles: document.head.querySelectorAll('style[data-emotion]').length,
      };
    });
    expect(sent).toBeGreaterThan(4);
    expect(kept, path).toBe(sent);
    expect(styles).toBeGreaterThan(1);
    expect(stylesMoved, path).toBe(0);
  }
});

test('a public page loads no back-office texts, and the event picture is fetched first', async ({ page }) => {
  const lang = language();
  const catalogues = backOfficeCatalogues(page);
  await page.goto(`/${lang}/`);
  const eventLink = page.locator(`main a[href^="/${lang}/events/"]`).first();
  const eventPath = await eventLink.getAttribute('href');
  expect(eventPath).toBeTruthy();

  // The event page straight from the server: its hero is in the HTML, eager and at high priority.
  const html = await (await page.request.get(eventPath!)).text();
  const hero = html.match(/<main[\s\S]*?(<img\b[^>]*>)/)?.[1] ?? '';
  expect(hero).toMatch(/fetchpriority="high"/i);
  expect(hero).not.toMatch(/loading="lazy"/i);
  // …and announced in the head, before the scripts, so it is fetched before the HTML has been read through.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="[^"]+"/i);

  await page.goto(eventPath!);
  await expect(page.locator('main img').first()).toBeVisible();
  expect(await catalogues()).toEqual([]);
});

test('the back office gets its texts when entered from a public page and when loaded directly', async ({ page }) => {
  const lang = language();
  const errors = hydrationErrors(page);
  const next = `/${lang}/admin`;
  await page.goto(`/${lang}/login?next=${encodeURIComponent(next)}`);
  const login = page.getByRole('form', { name: t(lang, 'accounts:login.title') });
  await login.getByLabel(t(lang, 'accounts:fields.email')).fill(ADMIN.email);
  await login.getByRole('textbox', { name: t(lang, 'accounts:fields.password'), exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: t(lang, 'accounts:login.submit'), exact: true }).click();
  // Entered from the login page, which holds only the public texts: the admin texts arrive before it is drawn.
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin:dashboard.heading') })).toBeVisible();

  // Loaded directly: the server renders the texts, and the browser hydrates with the same ones.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin:dashboard.heading') })).toBeVisible();
  expect(errors).toEqual([]);
});

import { test as base, type Page, type Response } from '@playwright/test';
import { clientAddress } from './client-address';

/** The app marks <html data-hydrated="true"> once React has hydrated (app-shell.tsx). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Playwright's `test`, whose `page` waits after `goto` and `reload` until a page that loaded fine has
 * hydrated: a server-rendered button looks ready before React has attached its handler, and a click in
 * that moment does nothing (the journeys were flaky on busy CI machines for exactly that reason).
 * Contexts made with `browser.newContext()` (such as the no-JavaScript ones) are untouched.
 *
 * Every request the test's context makes (page loads, fetch and XHR, `page.request`) comes from the test's
 * own client address (client-address.ts); contexts of its own pass `extraHTTPHeaders: clientHeaders()`.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress(testInfo) });
  },
  request: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    await use(request);
    await request.dispose();
  },
  page: async ({ page }, use) => {
    const settle = async (response: Response | null) => {
      if (response?.ok() && (response.headers()['content-type'] ?? '').startsWith('text/html')) await waitForHydration(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => settle(await goto(url, options));
    page.reload = async (options) => settle(await reload(options));
    await use(page);
  },
});

export { expect } from '@playwright/test';

/**
 * Tags that keep a test to one of the two projects (playwright.config.ts leaves the other project's tag
 * out: the test is not run there, rather than shown as skipped). A journey repeated per language runs
 * each language on one viewport: the languages take the same steps, so together they still cover both
 * layouts while each behaviour runs once, inside CI's time budget. Answers that no viewport changes
 * (HTML heads, redirects, files) are checked once, on the desktop.
 */
export const ON_PHONE = { tag: '@phone' } as const;
export const ON_DESKTOP = { tag: '@desktop' } as const;
export const ONE_VIEWPORT = { sr: ON_PHONE, en: ON_DESKTOP, uk: ON_DESKTOP, ru: ON_PHONE } as const;

import { expect, test } from './support/test';

/**
 * "For you" (issue 12): a person's own row at the top of the home page, after hydration, from their own
 * signals. Here the cheapest signal: a guest opens the concerts' page, and the home page then offers
 * concerts "because you often open Koncerti". A new guest gets no row. (The follows journey checks that a
 * new event from a followed venue tops the row.)
 */

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' }]);
});

test('a guest who opens a category finds a "For you" row on the home page, with why', async ({ page }, testInfo) => {
  // A new guest: the row is asked for and there is none.
  const first = page.waitForResponse((response) => response.url().includes('/api/v1/events/for-you'));
  await page.goto('/sr/');
  expect((await (await first).json()).items).toEqual([]);
  await expect(page.getByRole('region', { name: 'Za vas' })).toHaveCount(0);

  const visit = page.waitForResponse((response) => response.url().endsWith('/api/v1/events/for-you/visits'));
  await page.goto('/sr/categories/koncerti');
  expect((await visit).status()).toBe(204);

  await page.goto('/sr/');
  const row = page.getByTestId('for-you-row');
  await expect(row).toBeVisible();
  await expect(page.getByRole('region', { name: 'Za vas' })).toBeVisible();
  await expect(row.getByTestId('for-you-reason').first()).toHaveText('Zato što često otvarate kategoriju Koncerti');
  // At the top: before the first category row.
  const rows = page.locator('[data-testid="for-you-row"], [data-testid="home-row"]');
  await expect(rows.first()).toHaveAttribute('data-testid', 'for-you-row');
  await row.screenshot({ path: testInfo.outputPath(`for-you-${testInfo.project.name}.png`) });

  // The next visit keeps the row's room from the first paint: nothing moves when the row arrives.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/sr/');
  await expect(row).toBeVisible();
  await expect(page.locator('[data-for-you-room]')).toBeHidden();
  // A shift is reported after the frame that made it: two frames later, every shift so far is in.
  const shifted = await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0);
  });
  expect(shifted).toBeLessThan(0.01);
});

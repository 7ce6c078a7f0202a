import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Issue 11, "when" and "which city": choosing a city in the app bar, which the server remembers; the
 * date chips of the home page; and a search long enough to grow past its first page. Serbian on the
 * phone, Ukrainian on the desktop. No exact counts: the demo data may change.
 */
const TEXTS = {
  sr: { noviSad: 'Novi Sad', today: /^(Danas|Večeras)$/ },
  uk: { noviSad: 'Нові Сад', today: /^(Сьогодні|Сьогодні ввечері)$/ },
} as const;

const cities = (page: Page) => page.getByTestId('event-card').getByTestId('event-city');

test('tonight in Novi Sad from the home page', async ({ page }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const texts = TEXTS[lang];
  await page.goto(`/${lang}/`);

  // The app bar's city: a disclosure of links the server answers (remember, then back here).
  await page.getByTestId('city-selector-toggle').click();
  await page.getByTestId('city-choice-novi-sad').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/?$`));
  await expect(page.getByTestId('city-selector-toggle')).toHaveAttribute('aria-label', new RegExp(texts.noviSad));

  // Today (Tonight from 18:00): a link, the choice in the URL.
  const today = page.getByTestId('when-today');
  await expect(today).toHaveText(texts.today);
  await today.click();
  await expect(page).toHaveURL(/[?&]when=today/);
  await expect(today).toHaveAttribute('aria-current', 'true');
  // With a date, every matching event follows the category rows as a listing.
  await expect(page.locator('#home-all-matching')).toBeVisible();
  // Every card on the page is in Novi Sad.
  await expect(async () => {
    const names = await cities(page).allTextContents();
    expect(names.every((name) => name.includes(texts.noviSad))).toBe(true);
  }).toPass();

  // Reloaded, the city is still Novi Sad though the URL does not name it: the server remembered it.
  expect(new URL(page.url()).searchParams.get('city')).toBeNull();
  await page.reload();
  await expect(page.getByTestId('city-selector-toggle')).toHaveAttribute('aria-label', new RegExp(texts.noviSad));
  await expect(page.getByTestId('when-today')).toHaveAttribute('aria-current', 'true');
  const names = await cities(page).allTextContents();
  expect(names.every((name) => name.includes(texts.noviSad))).toBe(true);
});

test('search past 24 results', async ({ page }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  // "koncert" matches far more than a page of the demo programme, in either script.
  await page.goto(`/${lang}/search?q=koncert`);
  const count = page.getByTestId('event-count');
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(24);

  const cards = page.getByTestId('event-grid').getByTestId('event-card');
  const first = await cards.count();
  expect(first).toBeLessThan(total);
  // Scrolling to the end of the list brings the next page; the total stays shown.
  await expect(async () => {
    await page.getByTestId('event-grid').getByTestId('event-card').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    expect(await cards.count()).toBeGreaterThan(Math.max(first, 24));
  }).toPass({ timeout: 30_000 });
  await expect(count).toHaveText(new RegExp(String(total)));
});

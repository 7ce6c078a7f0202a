import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatLocal } from '../../src/shared/ics';
import { expect, test } from './support/test';
import { t, type Locale } from './support/texts';

/**
 * Issue #11, honest cards: a postponed event found in a listing says so on its card and its page, with the
 * date to be announced instead of its old date, and offers no "add to calendar"; one moved to a new date
 * shows that date, and its calendar entry carries the new date, never the old one.
 * Serbian on the phone, Ukrainian on the desktop.
 */

interface Summary {
  id: number;
  title: string;
  starts_at: string;
  status: string;
  date_tba: boolean;
  previous_starts_at: string | null;
  category: { slug: string };
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' }]);
});

/** The first upcoming event that `wanted` picks, paging through the whole listing if it must. */
async function findEvent(request: APIRequestContext, wanted: (event: Summary) => boolean): Promise<Summary> {
  const auth = await request.post('/api/v1/auth/register', { data: { auth: 'client' } });
  const { access_token: token } = (await auth.json()) as { access_token: string };
  let cursor: string | null = null;
  for (let page = 0; page < 40; page += 1) {
    const query: string = cursor ? `limit=50&cursor=${encodeURIComponent(cursor)}` : 'limit=50';
    const response = await request.get(`/api/v1/events?${query}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { items: Summary[]; next_cursor: string | null };
    const found = body.items.find(wanted);
    if (found) return found;
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  throw new Error('the demo data has no such event');
}

/** The Belgrade calendar day of an instant, as the listing's `from`/`to` take it. */
const belgradeDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instant));

/** Opens the event's category listing on the event's day and returns its card there. */
async function cardInListing(page: Page, lang: Locale, event: Summary) {
  const day = belgradeDay(event.starts_at);
  await page.goto(`/${lang}/categories/${event.category.slug}?from=${day}&to=${day}`);
  const card = page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`);
  await expect(card).toBeVisible();
  return card;
}

async function jsonLdStatus(page: Page): Promise<string> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return (JSON.parse(text ?? '{}') as { eventStatus?: string }).eventStatus ?? '';
}

test('a postponed event says so, with its date to be announced, on its card and its page, and offers no calendar entry', async ({ page, request }, testInfo) => {
  const lang: Locale = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const postponed = await findEvent(request, (event) => event.status === 'postponed' && event.date_tba);
  const tba = t(lang, 'common:event.dateTba');

  const card = await cardInListing(page, lang, postponed);
  await expect(card.getByTestId('event-status')).toHaveText(t(lang, 'common:event.status.postponed'));
  await expect(card.getByTestId('date-note')).toHaveText(tba);
  await expect(card.locator('time')).toHaveCount(0);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/events/[^/]+-${postponed.id}$`));
  await expect(page.getByTestId('status-banner')).toHaveText(t(lang, 'discovery:event.banner.postponed'));
  await expect(page.getByTestId('event-subtitle')).toContainText(tba);
  await expect(page.getByTestId('event-facts')).toContainText(tba);
  await expect(page.getByTestId('share-button')).toBeVisible();
  await expect(page.getByTestId('add-to-calendar')).toHaveCount(0);
  expect(await jsonLdStatus(page)).toBe('https://schema.org/EventPostponed');
});

test('an event moved to a new date shows the new date, and its calendar entry is for that date, not the old one', async ({ page, request }, testInfo) => {
  const lang: Locale = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const moved = await findEvent(request, (event) => !event.date_tba && event.previous_starts_at !== null && event.previous_starts_at !== event.starts_at);
  const movedPrefix = t(lang, 'common:event.movedTo', { date: '|', previous: '|' }).split('|')[0] ?? '';

  const card = await cardInListing(page, lang, moved);
  await expect(card.getByTestId('event-status')).toHaveText(t(lang, `common:event.status.${moved.status}`));
  await expect(card.getByTestId('date-note')).toContainText(movedPrefix);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/events/[^/]+-${moved.id}$`));
  await expect(page.getByTestId('status-banner')).toContainText(movedPrefix);
  expect(await jsonLdStatus(page)).toBe('https://schema.org/EventRescheduled');

  await page.getByTestId('add-to-calendar').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('calendar-ics').click()]);
  const ics = readFileSync((await download.path()) ?? '', 'utf8');
  const local = (instant: string) => formatLocal(new Date(instant), 'Europe/Belgrade');
  expect(ics).toContain(`DTSTART;TZID=Europe/Belgrade:${local(moved.starts_at)}`);
  expect(ics).not.toContain(`DTSTART;TZID=Europe/Belgrade:${local(moved.previous_starts_at ?? '')}`);
});

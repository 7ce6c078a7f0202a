import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_TIME_ZONE } from '../../src/shared/constants';
import { localParts, startOfLocalDay } from '../../src/shared/zoned-time';
import { clientHeaders } from './support/client-address';
import { expect, ON_DESKTOP, ON_PHONE, ONE_VIEWPORT, test } from './support/test';

const LOCALES = ['sr', 'en', 'uk', 'ru'] as const;
type Locale = (typeof LOCALES)[number];

const CONCERTS: Record<Locale, string> = { sr: 'Koncerti', en: 'Concerts', uk: 'Концерти', ru: 'Концерты' };

interface EventSummary {
  id: number;
  slug: string;
  title: string;
  starts_at: string;
  ends_at: string | null;
  status: string;
  attendance_mode: 'offline' | 'online' | 'mixed';
  reservable: boolean;
  venue: { id: number; slug: string } | null;
}

/** The consent banner is answered up front so it never sits over what a test clicks. */
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' }]);
});

async function guestToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/auth/register', { data: { auth: 'client' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function listEvents(request: APIRequestContext, query: string, locale: Locale = 'en'): Promise<EventSummary[]> {
  const token = await guestToken(request);
  const response = await request.get(`/api/v1/events?${query}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: EventSummary[] }).items;
}

/** Every upcoming event, page by page (cancelled ones come last in a listing, after every live one). */
async function listAllEvents(request: APIRequestContext): Promise<EventSummary[]> {
  const token = await guestToken(request);
  const all: EventSummary[] = [];
  let cursor: string | null = null;
  do {
    const response = await request.get(`/api/v1/events?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { items: EventSummary[]; next_cursor: string | null };
    all.push(...body.items);
    cursor = body.next_cursor;
  } while (cursor);
  return all;
}

interface EventDetail extends Omit<EventSummary, 'venue'> {
  attendance_mode: 'offline' | 'online' | 'mixed';
  venue: { id: number; slug: string; name: string; street_address: string; locality: string; postal_code: string; country: string } | null;
  offers: { currency: string; low_price: number | null; high_price: number | null; offer_count: number };
  performers: { name: string; type: string }[];
  organizer: { name: string } | null;
}

async function eventDetail(request: APIRequestContext, id: number, locale: Locale): Promise<EventDetail> {
  const token = await guestToken(request);
  const response = await request.get(`/api/v1/events/${id}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': locale } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as EventDetail;
}

const STATUS: Record<string, string> = {
  scheduled: 'EventScheduled',
  cancelled: 'EventCancelled',
  postponed: 'EventPostponed',
  rescheduled: 'EventRescheduled',
  moved_online: 'EventMovedOnline',
};
const ATTENDANCE: Record<string, string> = { offline: 'Offline', online: 'Online', mixed: 'Mixed' };

/** EU summer time: from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
function isEuSummerTime(instant: Date): boolean {
  const lastSunday = (year: number, month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0, 1));
    return new Date(last.getTime() - last.getUTCDay() * 86_400_000);
  };
  const year = instant.getUTCFullYear();
  return instant >= lastSunday(year, 2) && instant < lastSunday(year, 9);
}

/** The instant as Belgrade's wall clock with its offset, worked out here without the server's code. */
function belgradeIso(utc: string): string {
  const instant = new Date(utc);
  const offsetHours = isEuSummerTime(instant) ? 2 : 1;
  const local = new Date(instant.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 19);
  return `${local}+0${offsetHours}:00`;
}

/** The calendar date (YYYY-MM-DD) `offset` days after `now`'s, in Belgrade, where the app counts its days. */
function day(offset: number, now = new Date()): string {
  const { year, month, day: date } = localParts(startOfLocalDay(now, DEFAULT_TIME_ZONE, offset), DEFAULT_TIME_ZONE);
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** The latest 23:30 UTC before now: already tomorrow in Belgrade (00:30 in winter, 01:30 in summer). */
function lateEveningUtc(): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30));
  return at > now ? new Date(at.getTime() - 86_400_000) : at;
}

async function expectNoAxeViolations(page: Page) {
  // The page as a reader sees it once it has settled: hydrated, the follow buttons enabled (disabled until
  // the browser knows what this person follows) and no colour still fading between the two (MUI's buttons
  // change colour over 250 ms, and axe measuring contrast mid-fade read a colour no reader is left with).
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  for (const button of await page.locator('[data-testid^="follow-"]').all()) await expect(button).toBeEnabled();
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  // label-content-name-mismatch (WCAG 2.5.3, label in name) is still "experimental" in axe, so off by default.
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(summary).toEqual([]);
}

/** Opens the global search: the app bar's field on wide screens, the search button's overlay on phones. */
async function openSearch(page: Page, isMobile: boolean) {
  // The search button and the suggestions are React's: before hydration a click does nothing.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  if (isMobile) await page.getByTestId('search-toggle').click();
  else await page.getByTestId('global-search').locator('input').click();
  const box = page.getByRole('combobox');
  await expect(box).toBeFocused();
  return box;
}

/** A listing is live (hydrated, its session state in place) once "load more" is enabled. */
async function waitForListing(page: Page) {
  await expect(page.getByTestId('load-more')).toBeEnabled();
}

async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

for (const locale of LOCALES) {
  test(`${locale}: browse a category, filter by tag and dates, open an event, come back to the same place`, ONE_VIEWPORT[locale], async ({ page }) => {
    test.slow();
    await page.goto(`/${locale}/`);
    await page.getByTestId('category-pill-koncerti').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/categories/koncerti$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONCERTS[locale]);
    await waitForListing(page);

    // Quick-filter tag.
    const live = page.getByTestId('filter-tag-uzivo');
    await live.scrollIntoViewIfNeeded();
    await live.click();
    await expect(page).toHaveURL(/tags=uzivo/);
    await expect(live).toHaveAttribute('aria-pressed', 'true');

    // A chosen date range.
    await page.getByTestId('filter-range').click();
    const form = page.getByTestId('date-range-form');
    await form.locator('input[type="date"]').nth(0).fill(day(0));
    await form.locator('input[type="date"]').nth(1).fill(day(40));
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`from=${day(0)}&to=${day(40)}`));
    await expect(page.getByTestId('filter-range')).toHaveAttribute('data-selected', 'true');
    // The chosen range is in the pill's name, so a screen reader hears it.
    await expect(page.getByTestId('filter-range')).not.toHaveText(/^$/);

    const cards = page.getByTestId('event-grid').getByTestId('event-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    const target = cards.nth(Math.min(count - 1, 5));
    await target.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    // The wheel scrolls in steps: wait until the page has come to rest.
    let last = -1;
    await expect
      .poll(async () => {
        const now = await scrollY(page);
        const resting = now === last;
        last = now;
        return resting;
      })
      .toBe(true);
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(200);
    const targetId = await target.getAttribute('data-event-id');

    await target.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/events/[a-z0-9-]+-${targetId}$`));
    await expect(page.getByTestId('event-page')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/tags=uzivo/);
    await expect(page.getByTestId('filter-tag-uzivo')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('filter-range')).toHaveAttribute('data-selected', 'true');
    await expect(page.locator(`[data-event-id="${targetId}"]`)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 40);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(40);
  });
}

test('at 23:30 UTC, already tomorrow in Belgrade, the date picker starts from Belgrade’s today and filters by it', ON_PHONE, async ({ page }) => {
  const evening = lateEveningUtc();
  await page.clock.setFixedTime(evening);
  const today = day(0, evening);
  const inAWeek = day(7, evening);
  expect(today, 'the UTC and Belgrade dates differ at this hour').not.toBe(evening.toISOString().slice(0, 10));

  await page.goto('/en/categories/koncerti');
  await waitForListing(page);
  await page.getByTestId('filter-range').click();
  const form = page.getByTestId('date-range-form');
  const [from, to] = [form.locator('input[type="date"]').nth(0), form.locator('input[type="date"]').nth(1)];
  // The picker refuses days before Belgrade's today, and offers that day.
  await expect(from).toHaveAttribute('min', today);
  await from.fill(today);
  await to.fill(inAWeek);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${inAWeek}`));
  await expect(page.getByTestId('filter-range')).toHaveAttribute('data-selected', 'true');
});

/**
 * A Cyrillic query for a performer whose name the demo data writes only in Latin script, in every
 * language's titles too ("Джазовий вечір: Vesna Radić"): no Cyrillic text can match, only the script fold.
 */
const CYRILLIC_TO_LATIN: Record<Locale, { q: string; title: RegExp }> = {
  sr: { q: 'Весна Радић', title: /Vesna Radić/ },
  en: { q: 'весна', title: /Vesna Radić/ },
  uk: { q: 'Весна Радич', title: /Vesna Radić/ },
  ru: { q: 'Весна Радич', title: /Vesna Radić/ },
};

for (const locale of LOCALES) {
  test(`${locale}: global search suggests as one types and finds an event across scripts`, ONE_VIEWPORT[locale], async ({ page, isMobile }) => {
    const { q, title } = CYRILLIC_TO_LATIN[locale];
    // The case is truly Cyrillic → Latin: the query has no Latin letter, the title it must find no Cyrillic one.
    expect(q).toMatch(/^[\p{Script=Cyrillic}\s]+$/u);
    expect(title.source).not.toMatch(/\p{Script=Cyrillic}/u);
    await page.goto(`/${locale}/`);
    const box = await openSearch(page, isMobile);
    await box.fill(q);
    const option = page.getByRole('option', { name: title }).first();
    await expect(option).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?q=`));
    await expect(page.getByTestId('search-results').getByTestId('event-card').filter({ hasText: title }).first()).toBeVisible();
  });
}

test('a suggestion chosen with the keyboard opens its page', async ({ page, isMobile }) => {
  await page.goto('/en/');
  const box = await openSearch(page, isMobile);
  await box.pressSequentially('dzez', { delay: 30 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).not.toHaveURL(/\/en\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('search without JavaScript still answers with server-rendered results', ON_DESKTOP, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await page.goto('/en/search?q=koncert');
  await expect(page).toHaveTitle('“koncert” — search · Kuda');
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await context.close();
});

test('add to calendar downloads a valid iCalendar file from the server and links Google Calendar and Outlook', ON_DESKTOP, async ({ page, request }) => {
  const [event] = (await listEvents(request, 'category=koncerti&limit=5')).filter((item) => item.status === 'scheduled');
  expect(event).toBeDefined();
  await page.goto(`/en/events/${event!.slug}-${event!.id}`);
  await page.getByTestId('add-to-calendar').click();
  await expect(page.getByTestId('calendar-google')).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
  await expect(page.getByTestId('calendar-outlook')).toHaveAttribute('href', /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
  await expect(page.getByTestId('calendar-ics')).toHaveAttribute('href', `/calendar/events/${event!.id}.ics?lang=en`);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('calendar-ics').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${event!.slug}.ics`);
  const ics = readFileSync((await download.path()) ?? '', 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  expect(/[^\r]\n/.test(ics)).toBe(false);
  const unfolded = ics.replace(/\r\n /g, '');
  expect(unfolded).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Belgrade\r\n');
  expect(unfolded).toMatch(/\r\nDTSTART;TZID=Europe\/Belgrade:\d{8}T\d{6}\r\n/);
  expect(unfolded).toMatch(/\r\nDTEND;TZID=Europe\/Belgrade:\d{8}T\d{6}\r\n/);
  expect(unfolded).toContain(`\r\nSUMMARY:${event!.title.replace(/[,;\\]/g, (c) => `\\${c}`)}\r\n`);
  expect(unfolded).toContain(`\r\nUID:event-${event!.id}@kuda\r\n`);
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
});

test('share copies the link where there is no share sheet', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  const [event] = await listEvents(request, 'category=pozoriste&limit=1');
  await page.goto(`/en/events/${event!.slug}-${event!.id}`);
  await page.getByTestId('share-button').click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/en/events/${event!.slug}-${event!.id}$`));
});

test('a reservable event offers Reserve, linking to the reservation flow', ON_PHONE, async ({ page, request }) => {
  const [event] = (await listEvents(request, 'reservable=true&limit=20')).filter((item) => item.status === 'scheduled');
  await page.goto(`/sr/events/${event!.slug}-${event!.id}`);
  await expect(page.getByTestId('reserve-button')).toHaveAttribute('href', `/sr/reservation/new?event=${event!.id}`);
});

test('cancelled and postponed events say so, and take no reservation', ON_PHONE, async ({ page, request }) => {
  const events = await listAllEvents(request);
  for (const [status, text] of [
    ['cancelled', 'This event has been cancelled.'],
    ['postponed', 'This event has been postponed. A new date will be announced.'],
  ] as const) {
    const event = events.find((item) => item.status === status);
    expect(event, status).toBeDefined();
    await page.goto(`/en/events/${event!.slug}-${event!.id}`);
    await expect(page.getByTestId('status-banner')).toHaveText(text);
    await expect(page.getByTestId('reserve-button')).toHaveCount(0);
  }
});

test('an event page shows its facts: time in its zone, venue with map link, price, organizer', ON_DESKTOP, async ({ page, request }) => {
  const [event] = (await listEvents(request, 'category=koncerti&limit=10')).filter((item) => item.venue && item.status === 'scheduled');
  await page.goto(`/en/events/${event!.slug}-${event!.id}`);
  const facts = page.getByTestId('event-facts');
  await expect(facts).toContainText(/(CET|CEST|GMT\+1|GMT\+2)/);
  await expect(page.getByTestId('map-link')).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=[-\d.]+&mlon=[-\d.]+#map=17\//);
  await page.getByTestId('venue-link').click();
  await expect(page).toHaveURL(new RegExp(`/en/venues/${event!.venue!.slug}-${event!.venue!.id}$`));
  await expect(page.getByTestId('venue-page').getByTestId('event-card').first()).toBeVisible();
});

test('a venue page shows all of its events, a page at a time', ON_PHONE, async ({ page, request }) => {
  // The busiest venue of the demo data has more than one page of events.
  const perVenue = new Map<number, { slug: string; count: number }>();
  for (const event of await listAllEvents(request)) {
    if (!event.venue) continue;
    const entry = perVenue.get(event.venue.id) ?? { slug: event.venue.slug, count: 0 };
    entry.count += 1;
    perVenue.set(event.venue.id, entry);
  }
  const [id, busiest] = [...perVenue.entries()].sort((a, b) => b[1].count - a[1].count)[0]!;
  expect(busiest.count).toBeGreaterThan(12);

  await page.goto(`/en/venues/${busiest.slug}-${id}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const cards = page.getByTestId('venue-page').getByTestId('event-card');
  await expect(cards).toHaveCount(12);
  await expect(page.getByTestId('load-more')).toBeVisible();
  for (let guard = 0; guard < 10 && (await page.getByTestId('load-more').isVisible()); guard += 1) {
    const before = await cards.count();
    await page.getByTestId('load-more').click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
  await expect(cards).toHaveCount(busiest.count);
  await expect(page.getByTestId('event-count')).toContainText(String(busiest.count));
});

test('a listing loads more events as one scrolls, and a new listing path starts from the top (spec §4)', async ({ page }) => {
  await page.goto('/en/categories/koncerti');
  await waitForListing(page);
  const cards = page.getByTestId('event-grid').getByTestId('event-card');
  await expect(cards).toHaveCount(24);
  await page.getByTestId('load-more').scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  await page.mouse.wheel(0, 600);
  await expect
    .poll(async () => page.evaluate(() => JSON.parse(sessionStorage.getItem('event-list') ?? '{}')?.state?.scrollPosition ?? 0))
    .toBeGreaterThan(0);
  const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('event-list') ?? '{}').state);
  expect(stored.lastEventListingPath).toBe('/en/categories/koncerti');
  expect(stored.temporaryEvents.length).toBeGreaterThan(24);

  await page.goto('/en/categories/sport');
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await expect
    .poll(async () => page.evaluate(() => JSON.parse(sessionStorage.getItem('event-list') ?? '{}').state.lastEventListingPath))
    .toBe('/en/categories/sport');
  const sport = await page.evaluate(() => JSON.parse(sessionStorage.getItem('event-list') ?? '{}').state);
  expect(sport.scrollPosition).toBe(0);
  expect(sport.temporaryEvents.every((event: { category: { slug: string } }) => event.category.slug === 'sport')).toBe(true);
});

test('the home pill bar scrolls with a mouse drag that starts on a link pill, without opening it', async ({ page }) => {
  // Narrow enough that the category pills overflow their bar on every project.
  await page.setViewportSize({ width: 600, height: 800 });
  await page.goto('/en/');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const bar = page.getByTestId('pill-scroller');
  expect(await bar.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const pill = page.getByTestId('category-pill-koncerti');
  const box = (await pill.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (const dx of [5, 15, 40, 80, 120]) await page.mouse.move(box.x + box.width / 2 - dx, y);
  await page.mouse.up();
  await expect.poll(() => bar.evaluate((element) => element.scrollLeft)).toBeGreaterThan(60);
  await expect(page).toHaveURL(/\/en\/$/);
  // A plain click afterwards still opens the pill's page.
  await page.getByTestId('category-pill-sport').click();
  await expect(page).toHaveURL(/\/en\/categories\/sport$/);
});

test('the drawer lists the categories and their subcategories', async ({ page, isMobile }) => {
  await page.goto('/en/');
  if (isMobile) await page.getByTestId('drawer-toggle').click();
  const drawer = page.getByTestId(isMobile ? 'drawer-mobile' : 'drawer-desktop');
  await drawer.getByRole('button', { name: 'Show subcategories of Concerts' }).click();
  await drawer.getByRole('link', { name: 'Jazz & blues' }).click();
  await expect(page).toHaveURL(/\/en\/categories\/koncerti\/dzez$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jazz & blues');
  await expect(page.getByTestId('filter-sub-dzez')).toHaveAttribute('aria-current', 'page');
});

test('an unknown category or event answers 404', ON_DESKTOP, async ({ page }) => {
  expect((await page.goto('/en/categories/no-such-category'))?.status()).toBe(404);
  expect((await page.goto('/en/events/no-such-event-999999'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test.describe('pages arrive with their content and head in the HTML', ON_DESKTOP, () => {
  test('an event page: JSON-LD, canonical, hreflang, Open Graph and Twitter tags', async ({ request }) => {
    // An event at a venue only (a mixed or online one is also, or only, a VirtualLocation), whichever the
    // demo data, drawn relative to the hour it was seeded, lists first.
    const [event] = (await listEvents(request, 'category=koncerti&limit=50', 'ru')).filter(
      (item) => item.venue && item.attendance_mode === 'offline' && item.status !== 'moved_online',
    );
    const response = await request.get(`/ru/events/${event!.slug}-${event!.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const origin = new URL(response.url()).origin;

    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    // A cached guest page carries no nonce: its CSP names the hash of each inline script, this one included.
    const scriptHash = createHash('sha256').update(scripts[0]![1]!).digest('base64');
    expect(response.headers()['content-security-policy']).toContain(`'sha256-${scriptHash}'`);
    const jsonLd = JSON.parse(scripts[0]![1]!) as Record<string, unknown> & {
      location: { '@type': string; address?: { '@type': string } };
      offers: { '@type': string; priceCurrency: string };
    };
    expect(jsonLd['@context']).toMatch(/schema\.org/);
    expect(jsonLd['@type']).toBe('Event');
    expect(jsonLd.name).toBe(event!.title);
    expect(String(jsonLd.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(String(jsonLd.eventStatus)).toMatch(/^https:\/\/schema\.org\/Event/);
    expect(String(jsonLd.eventAttendanceMode)).toMatch(/^https:\/\/schema\.org\/(Offline|Online|Mixed)EventAttendanceMode$/);
    expect(jsonLd.location['@type']).toBe('Place');
    expect(jsonLd.location.address?.['@type']).toBe('PostalAddress');
    expect(jsonLd.offers.priceCurrency).toBe('RSD');
    // Every field spec §1 lists, against what the API says of the same event.
    const detail = await eventDetail(request, event!.id, 'ru');
    expect(jsonLd.startDate).toBe(belgradeIso(detail.starts_at));
    expect(detail.ends_at).not.toBeNull();
    expect(jsonLd.endDate).toBe(belgradeIso(detail.ends_at!));
    expect(jsonLd.eventStatus).toBe(`https://schema.org/${STATUS[detail.status]}`);
    expect(jsonLd.eventAttendanceMode).toBe(`https://schema.org/${ATTENDANCE[detail.attendance_mode]}EventAttendanceMode`);
    expect(jsonLd.location).toMatchObject({
      name: detail.venue!.name,
      address: {
        streetAddress: detail.venue!.street_address,
        addressLocality: detail.venue!.locality,
        postalCode: detail.venue!.postal_code,
        addressCountry: detail.venue!.country,
      },
    });
    expect(jsonLd.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: detail.offers.low_price! / 100,
      highPrice: detail.offers.high_price! / 100,
      offerCount: detail.offers.offer_count,
      seller: { '@type': 'Organization', name: detail.organizer?.name ?? detail.venue!.name },
    });
    expect(detail.performers.length).toBeGreaterThan(0);
    expect(jsonLd.performer).toEqual(detail.performers.map((performer) => ({ '@type': performer.type, name: performer.name })));
    expect(jsonLd.organizer).toMatchObject({ '@type': 'Organization', name: detail.organizer?.name ?? detail.venue!.name });
    expect(Array.isArray(jsonLd.image) ? jsonLd.image[0] : jsonLd.image).toMatch(/^https?:\/\//);
    // Nothing inside the data can close the script element.
    expect(scripts[0]![1]).not.toContain('<');

    const canonical = `${origin}/ru/events/${event!.slug}-${event!.id}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    for (const lang of ['sr', 'en', 'uk', 'ru']) {
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="${origin}/${lang}/events/${event!.slug}-${event!.id}"/>`, 'i'));
    }
    expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="x-default" href="${origin}/sr/events/${event!.slug}-${event!.id}"/>`, 'i'));
    expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${origin}/images/events/[^"]+\\.jpg"/>`));
    expect(html).toContain('<meta property="og:locale" content="ru_RU"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toMatch(/<title>[^<]+ · Kuda<\/title>/);
    // The content itself, not only the head.
    expect(html).toContain('data-testid="event-facts"');
  });

  test('start and end times carry Belgrade’s offset: +01:00 in winter, +02:00 in summer', async ({ request }) => {
    // The demo programme covers the next two months: a winter event, a summer one, or both, by season.
    const token = await guestToken(request);
    const events: EventSummary[] = [];
    let cursor: string | null = null;
    do {
      const response = await request.get(`/api/v1/events?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { items: EventSummary[]; next_cursor: string | null };
      events.push(...body.items);
      cursor = body.next_cursor;
    } while (cursor);
    const winter = events.find((event) => !isEuSummerTime(new Date(event.starts_at)));
    const summer = events.find((event) => isEuSummerTime(new Date(event.starts_at)));
    const checked = [winter && { event: winter, offset: '+01:00' }, summer && { event: summer, offset: '+02:00' }].filter(Boolean) as {
      event: EventSummary;
      offset: string;
    }[];
    expect(checked.length).toBeGreaterThan(0);
    for (const { event, offset } of checked) {
      const html = await (await request.get(`/en/events/${event.slug}-${event.id}`)).text();
      const [, text] = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)!;
      const jsonLd = JSON.parse(text!) as { startDate: string; endDate?: string };
      expect(jsonLd.startDate.endsWith(offset), jsonLd.startDate).toBe(true);
      expect(new Date(jsonLd.startDate).toISOString()).toBe(event.starts_at);
      expect(jsonLd.startDate).toBe(belgradeIso(event.starts_at));
      if (event.ends_at) expect(jsonLd.endDate).toBe(belgradeIso(event.ends_at));
    }
  });

  test('a category link with a tag that no longer exists, or a malformed filter, still shows the page', async ({ request }) => {
    for (const path of [
      '/sr/categories/koncerti?tags=nope',
      '/sr/categories/koncerti?tags=sport,nope',
      '/sr/categories/koncerti?tags=a,,b&when=someday',
      '/en/categories/koncerti/dzez?tags=nope&from=2026-13-45&to=yesterday',
      '/uk/categories/koncerti?from=0001-01-01&to=9999-12-31&cursor=zzz&free=maybe',
      '/ru/search?q=%27%22%3A*%7C%21%26',
      '/en/?reservable=zz',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toContain('<h1');
    }
    // A known tag next to an unknown one still filters by the known one.
    const html = await (await request.get('/en/categories/koncerti?tags=uzivo,nope')).text();
    expect(html).toMatch(/data-testid="filter-tag-uzivo"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="filter-tag-uzivo"/);
    // A venue id past the database's range is a missing page, not an error.
    expect((await request.get('/en/venues/x-999999999999999')).status()).toBe(404);
  });

  test('a page reached under an unknown language names the Serbian page as canonical', async ({ request }) => {
    const response = await request.get('/xx/categories/koncerti/dzez');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const origin = new URL(response.url()).origin;
    expect(html).toContain(`<link rel="canonical" href="${origin}/sr/categories/koncerti/dzez"/>`);
    expect(html).toMatch(new RegExp(`hrefLang="en" href="${origin}/en/categories/koncerti/dzez"`, 'i'));
    expect(html).not.toContain('/xx/');
  });

  test('home, category, venue and search pages carry title, description, canonical and alternates', async ({ request }) => {
    const [event] = (await listEvents(request, 'category=koncerti&limit=10')).filter((item) => item.venue);
    const pages = ['/uk/', '/uk/categories/koncerti', '/uk/categories/koncerti/dzez', `/uk/venues/${event!.venue!.slug}-${event!.venue!.id}`, '/uk/search?q=jazz'];
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const origin = new URL(response.url()).origin;
      expect(html, path).toMatch(/<title>[^<]+<\/title>/);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="${origin}/uk/`));
      for (const lang of ['sr', 'en', 'uk', 'ru', 'x-default']) expect(html, `${path} ${lang}`).toMatch(new RegExp(`hrefLang="${lang}"`, 'i'));
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
      expect(html, path).toContain('data-testid="event-card"');
    }
  });

  test('a link-preview bot without JavaScript sees the event', async ({ browser, baseURL, request }) => {
    const [event] = await listEvents(request, 'category=film&limit=1', 'sr');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, extraHTTPHeaders: clientHeaders() });
    const page = await context.newPage();
    await page.goto(`/sr/events/${event!.slug}-${event!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(event!.title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/events\/.+\.jpg$/);
    await context.close();
  });
});

test.describe('accessibility (axe)', () => {
  const pages: { name: string; path: (request: APIRequestContext) => Promise<string> }[] = [
    { name: 'home', path: async () => '/en/' },
    { name: 'category', path: async () => '/sr/categories/koncerti' },
    { name: 'filtered category', path: async () => '/ru/categories/koncerti?tags=uzivo&when=week' },
    {
      name: 'event',
      path: async (request) => {
        const events = await listEvents(request, 'category=koncerti&limit=20');
        const event = events.find((item) => item.venue && item.reservable) ?? events.find((item) => item.venue);
        return `/uk/events/${event!.slug}-${event!.id}`;
      },
    },
    {
      name: 'venue',
      path: async (request) => {
        const event = (await listEvents(request, 'category=koncerti&limit=10')).find((item) => item.venue);
        return `/en/venues/${event!.venue!.slug}-${event!.venue!.id}`;
      },
    },
    { name: 'search results', path: async () => '/sr/search?q=koncert' },
    { name: 'search without results', path: async () => '/en/search?q=zzzzqqq' },
  ];
  for (const { name, path } of pages) {
    test(`the ${name} page has no violations`, async ({ page, request, context }) => {
      test.slow();
      // With the consent banner showing, as a first visit sees it.
      await context.clearCookies();
      await page.goto(await path(request));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

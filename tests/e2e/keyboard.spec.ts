import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, expectOk, guestToken, seedSession, signIn, upcomingOrganizerEvents } from './support/accounts';
import { expect as baseExpect, test } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * Keyboard and layout (issue #11), in a real browser against the demo data:
 * - a reservation made from the home page with the keyboard alone: the skip link, the cookie banner right
 *   after it (and no trap in it), the reservable pill, an event card in a home row, the event's Reserve
 *   button, the party size and the submit button; every control that takes focus shows the focus ring;
 * - no public page is wider than the screen: 375px on the phone project, 1440px on the desktop one.
 * Serbian runs in the phone project, Ukrainian in the desktop one.
 */

/** These pages load some of their data after hydration; a busy CI machine can take well over ten seconds. */
const expect = baseExpect.configure({ timeout: 30_000 });

const DEMO_USER = DEMO_ACCOUNTS.user;
const ORGANIZER = DEMO_ACCOUNTS.organizer;

/** Enough presses to cross the app bar, the drawer and a few home rows, yet finite if a target never comes. */
const MAX_TABS = 250;

const localeOf = (projectName: string): Locale => (projectName === 'phone' ? 'sr' : 'uk');

interface Focused {
  /** A short description for failure messages. */
  what: string;
  testId: string | null;
  label: string | null;
  eventId: number | null;
  inMain: boolean;
  isMain: boolean;
  /** Nothing has focus (the page itself). */
  isBody: boolean;
  /** A solid or dashed outline at least 2px wide, on the element or, for a text field, on the field's box. */
  ring: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
    const ringOn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
    };
    const card = element.closest('[data-event-id]');
    return {
      what: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      testId: element.dataset.testid ?? null,
      label: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? null,
      eventId: card ? Number(card.getAttribute('data-event-id')) : null,
      inMain: Boolean(element.closest('#content')) && element.id !== 'content',
      isMain: element.id === 'content',
      isBody: element === document.body,
      // A text field draws the ring on its box, the input's parent (MUI's InputBase root, or the light
      // search field shown before the combobox loads).
      ring: ringOn(element) || ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && ringOn(element.parentElement)),
    };
  });
}

/**
 * Presses a key, then reads what has focus; every control reached on the way is checked for the ring (the
 * skip link's target, <main>, is no control and draws none).
 */
async function press(page: Page, key: string, unringed: string[]): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  if (!now.isMain && !now.isBody && !now.ring) unringed.push(now.what);
  return now;
}

/** Tabs forward until `found` holds for the focused element. */
async function tabTo(page: Page, unringed: string[], found: (element: Focused) => boolean, what: string): Promise<Focused> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    const now = await press(page, 'Tab', unringed);
    if (found(now)) return now;
  }
  throw new Error(`Tab never reached ${what}`);
}

/**
 * The event this run reserves: one in the reservable home's rows, open for reservations, not the demo
 * organizer's (the reservation journeys reserve those as the demo user, at the same time), and not one the
 * demo user holds already (a retry finds the first attempt's reservation). The phone and the desktop
 * project draw from alternate candidates, so they never take the same one.
 */
async function eventToReserve(locale: Locale, projectName: string, userToken: string): Promise<{ id: number; title: string }> {
  const token = await guestToken();
  const home = await expectOk(api<{ rows: { events: { id: number; title: string; status: string; reservable: boolean }[] }[] }>('GET', '/events/home?reservable=true', { token, locale }), 'home');
  const organizer = await signIn(ORGANIZER.email, ORGANIZER.password);
  const items = await upcomingOrganizerEvents<{ event_id: number }>(organizer.access_token);
  const theirs = new Set(items.map((event) => event.event_id));
  const held = await expectOk(api<{ items: { event: { id: number } }[] }>('GET', '/reservations?limit=100', { token: userToken }), 'reservations');
  const reserved = new Set(held.items.map((reservation) => reservation.event.id));
  const candidates = home.rows
    .flatMap((row) => row.events.slice(0, 6))
    .filter((event) => event.reservable && (event.status === 'scheduled' || event.status === 'rescheduled') && !theirs.has(event.id))
    .filter((_, index) => index % 2 === (projectName === 'phone' ? 0 : 1));
  const event = candidates.find((candidate) => !reserved.has(candidate.id));
  if (!event) throw new Error(`Only ${candidates.length} reservable events of other organizers in the home rows`);
  return event;
}

test('a reservation made from the home page with the keyboard alone, the focus ring always in sight', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const locale = localeOf(testInfo.project.name);
  // Signed in up front (the sign-in form has journeys of its own), as the app itself keeps a session.
  const session = await signIn(DEMO_USER.email, DEMO_USER.password);
  const event = await eventToReserve(locale, testInfo.project.name, session.access_token);
  await seedSession(context, session);
  const unringed: string[] = [];

  await page.goto(`/${locale}/`);
  const banner = page.getByRole('region', { name: t(locale, 'common:consent.label') });
  await expect(banner).toBeVisible();

  // 1. The skip link comes first, and shows itself when focused.
  let now = await press(page, 'Tab', unringed);
  expect(now.label).toBe(t(locale, 'common:nav.skip'));
  await expect(page.getByRole('link', { name: t(locale, 'common:nav.skip') })).toBeInViewport();

  // 2. The cookie banner right after it: its link and both buttons, then out again (it traps nothing).
  now = await press(page, 'Tab', unringed);
  expect(now.label).toBe(t(locale, 'common:consent.learnMore'));
  now = await press(page, 'Tab', unringed);
  expect(now.label).toBe(t(locale, 'common:consent.decline'));
  now = await press(page, 'Tab', unringed);
  expect(now.label).toBe(t(locale, 'common:consent.accept'));
  now = await press(page, 'Tab', unringed);
  expect(now.label).not.toBe(t(locale, 'common:consent.accept'));
  expect(now.inMain).toBe(false);
  for (let back = 0; back < 4; back += 1) now = await press(page, 'Shift+Tab', unringed);
  expect(now.label).toBe(t(locale, 'common:nav.skip'));

  // 3. The skip link jumps over the app bar and the drawer, straight into the page.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).isMain).toBe(true);
  now = await press(page, 'Tab', unringed);
  expect(now.inMain).toBe(true);
  // The first stop in the page is the pill bar; its first pill keeps reservable events only.
  expect(now.testId).toBe('home-reservable-pill');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${locale}/?\\?reservable=1$`));

  // 4. On through the home rows to the event's card, which scrolls into view, and open it.
  await tabTo(page, unringed, (element) => element.eventId === event.id, `the card of event ${event.id}`);
  // The card may be reached in the "For you" row (it appears after hydration once the person has signals,
  // such as other journeys' reservations): whichever row holds it, the focused card shows whole, not
  // just the edge that peeks in.
  await expect(page.locator(`[data-event-id="${event.id}"] :focus`)).toBeInViewport({ ratio: 0.95 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${locale}/events/[^/]+-${event.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();

  // 5. The Reserve button, then the form: one more (or one fewer) in the party, and submit.
  await tabTo(page, unringed, (element) => element.testId === 'reserve-button', 'the Reserve button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/new\\?event=${event.id}$`));
  const size = page.getByRole('textbox', { name: t(locale, 'reservations:reserve.partySize') });
  await expect(size).toBeVisible();
  const [before, max] = [Number(await size.inputValue()), Number(await size.getAttribute('max'))];
  const step = before < max ? 'increase' : 'decrease';
  await tabTo(page, unringed, (element) => element.label === t(locale, `reservations:reserve.${step}`), `the ${step} button`);
  await page.keyboard.press('Space');
  await expect(size).toHaveValue(String(step === 'increase' ? before + 1 : before - 1));
  const submits = [t(locale, 'reservations:reserve.submit'), t(locale, 'reservations:reserve.joinWaitlist')];
  await tabTo(page, unringed, (element) => submits.includes(element.label ?? ''), 'the submit button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/\\d+$`), { timeout: 60_000 });

  // Every control met on the way showed the ring.
  expect(unringed).toEqual([]);
});

test('no public page is wider than the screen', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const locale = localeOf(testInfo.project.name);
  const token = await guestToken();
  const { items: categories } = await expectOk(api<{ items: { slug: string; subcategories: { slug: string }[] }[] }>('GET', '/categories', { token, locale }), 'categories');
  const category = categories.find((item) => item.subcategories.length > 0)!;
  const { items: events } = await expectOk(api<{ items: { id: number; slug: string; title: string; venue: { id: number; slug: string } | null }[] }>('GET', '/events?limit=20', { token, locale }), 'events');
  const event = events.find((item) => item.venue)!;
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: testInfo.project.use.baseURL ?? '' }]);

  const pages: [string, string][] = [
    ['home', `/${locale}/`],
    ['category', `/${locale}/categories/${category.slug}`],
    ['subcategory', `/${locale}/categories/${category.slug}/${category.subcategories[0]!.slug}`],
    // The search page answers with the event whose title it is given.
    ['search with results', `/${locale}/search?q=${encodeURIComponent(event.title)}`],
    ['event', `/${locale}/events/${event.slug}-${event.id}`],
    ['venue', `/${locale}/venues/${event.venue!.slug}-${event.venue!.id}`],
    ['login', `/${locale}/login`],
    ['register', `/${locale}/register`],
    ['privacy', `/${locale}/privacy-policy`],
    ['404', `/${locale}/no-such-page`],
  ];
  const viewport = page.viewportSize()!;
  for (const [name, path] of pages) {
    await page.goto(path);
    await expect(page.locator('h1').first(), name).toBeVisible();
    if (name === 'search with results') await expect(page.getByTestId('event-card').first()).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect({ name, screen: widths.screen }).toEqual({ name, screen: viewport.width });
    expect({ name, wider: widths.page > widths.screen, ...widths }).toEqual({ name, wider: false, ...widths });
  }
});

import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, baseUrl, expectOk, guestToken, type Pair, seedSession, signIn, unique, uniquePhone, reservableOrganizerEvents } from './support/accounts';
import { clientHeaders } from './support/client-address';
import { smsCode } from './support/outbox';
import { expect as baseExpect, test } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * Issue #12 "Install and offline", in a real browser with the built service worker (Serbian on the phone,
 * Russian on the desktop): the home page, seen once, opens again offline with the "offline — showing what
 * you saw at …" banner; a person's accepted reservation opens offline with its QR code; after sign-out
 * nothing of it is left on the device.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const ORGANIZER = DEMO_ACCOUNTS.organizer;

const localeOf = (): Locale => (test.info().project.name === 'phone' ? 'sr' : 'ru');

/** A new person with a verified phone (needed to reserve), signed in. */
async function eligibleAccount(locale: Locale): Promise<Pair> {
  const email = `offline-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale }), 'register');
  const pair = await signIn(email, password);
  const phone = uniquePhone().e164;
  await expectOk(api('POST', '/users/add_additional_information', { token: pair.access_token, body: { name: 'Test', last_name: 'Offline', phone_number: phone } }), 'add phone');
  await expectOk(api('POST', '/users/verify_phone', { token: pair.access_token, body: { code: await smsCode(phone) } }), 'verify phone');
  return pair;
}

/**
 * An instant event (accepted at once) taken from the end of the organizer's list, so that it is not one
 * the reservation journeys fill from its start; one per project.
 */
async function instantEvent(): Promise<number> {
  const organizer = await signIn(ORGANIZER.email, ORGANIZER.password);
  const candidates = (await reservableOrganizerEvents(organizer.access_token, 'instant')).reverse();
  const event = candidates[test.info().project.name === 'phone' ? 0 : 1];
  if (!event) throw new Error('No instant event to reserve');
  return event.event_id;
}

/** Until the service worker controls the page (it claims open pages as soon as it is active). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 30_000 });
}

async function newContext(browser: Browser) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL: baseUrl(),
    extraHTTPHeaders: clientHeaders(),
    serviceWorkers: 'allow',
  });
  // The cookie banner would cover the offline banner at the bottom of the screen.
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
  return context;
}

test('the home page seen once opens offline, with the offline banner', async ({ browser }) => {
  const locale = localeOf();
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`/${locale}/`);
  // Installable: the page names its language's manifest; the worker is always revalidated.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/${locale}/manifest.webmanifest`);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await waitForServiceWorker(page);
  // Seen once more now that the worker is in charge: this copy is the one kept.
  await page.reload();
  const firstCard = page.getByTestId('event-card').first();
  const title = (await firstCard.locator('h3, h2').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('event-card').first()).toContainText(title);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(new RegExp(t(locale, 'posted:offline.banner', { time: 'TIME' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('TIME', '.+')));
  await page.screenshot({ path: test.info().outputPath(`offline-home-${locale}.png`) });

  // Back online, the banner goes.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await context.close();
});

test('an accepted reservation opens offline with its QR code, and nothing of it stays after sign-out', async ({ browser }) => {
  // An account made eligible, a reservation, a service worker installed (it precaches the app shell) and
  // three loads: once past the 60 s budget on a slow CI host, with every step passing (30 November).
  test.slow();
  const locale = localeOf();
  const person = await eligibleAccount(locale);
  const reservation = await expectOk(
    api<{ id: number; status: string; code: string }>('POST', '/reservations', { token: person.access_token, body: { event_id: await instantEvent(), party_size: 1 } }),
    'reserve',
  );
  expect(reservation.status).toBe('accepted');

  const context = await newContext(browser);
  await seedSession(context, person);
  const page = await context.newPage();
  await page.goto(`/${locale}/reservations`);
  await waitForServiceWorker(page);
  // Opened online once (with the worker in charge): the page and the reservation are kept for offline use.
  await page.goto(`/${locale}/reservation/${reservation.id}`);
  await expect(page.getByTestId('reservation-qr')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('reservation-qr')).toBeVisible();
  await expect(page.getByTestId('reservation-code-card')).toContainText(reservation.code.slice(0, 3));
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`offline-reservation-${locale}.png`) });

  // Signed out (online again), the device keeps nothing of this person.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: t(locale, 'accounts:menu.signOut') }).click();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => ({
        items: Object.keys(localStorage).filter((key) => key.startsWith('kuda.private.')),
        caches: (await caches.keys()).filter((name) => name.startsWith('kuda-private-')),
      })),
    )
    .toEqual({ items: [], caches: [] });
  // Offline again, the reservation is no longer there to open.
  await context.setOffline(true);
  await page.goto(`/${locale}/reservation/${reservation.id}`).catch(() => null);
  await expect(page.getByTestId('reservation-qr')).toHaveCount(0);
  await context.close();
});

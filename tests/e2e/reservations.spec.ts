import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, baseUrl, expectOk, guestToken, type Pair, seedSession, signIn, unique, uniquePhone, reservableOrganizerEvents, type ReservableEvent } from './support/accounts';
import { clientHeaders } from './support/client-address';
import { FAKE_GOOGLE, FAKE_GOOGLE_USER_COOKIE } from './support/fake-providers-config';
import { smsCode } from './support/outbox';
import { expect as baseExpect, ON_DESKTOP, ONE_VIEWPORT, test, waitForHydration } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * Reservations end to end, in a real browser against the real server and its demo data:
 * - sr, en: a guest is guided (sign in, names and phone, SMS code) back to the Reserve form, reserves, the
 *   organizer accepts, and the guest sees the code, the QR code and the notification;
 * - sr, en: the venue asks for action, the guest answers, the venue accepts;
 * - sr, en, uk: an event is filled, a late guest goes to the waitlist, a guest cancels and the waitlisted
 *   guest gets the place and a notification;
 * - sr, en: the reminder e-mail's "I'm coming" and "Cancel" links, opened signed out;
 * - sr: the organizer's bell announces a new request and opens it in the organizer area; the organizer
 *   accepts, then has to cancel with a message, and the guest sees why and is told in the bell.
 * Each language runs on one viewport (ONE_VIEWPORT), the languages of a journey side by side, so each
 * (test, locale, project) reserves its own event: the organizer's events of one mode, taken in a fixed
 * order, one slot per run (SLOTS below; a slot keeps room for both projects).
 */

interface Account extends Pair {
  email: string;
  first_name: string;
  last_name: string;
}
interface OrganizerEvent extends ReservableEvent {
  slug: string;
  title: string;
  capacity: number;
  party_max: number;
}
interface ReservationAnswer {
  id: number;
  status: string;
  code: string | null;
  event: { title: string };
}

/**
 * These pages load their data in the browser after hydration; with two browser projects, three workers
 * and the server on one small machine, that can take well over the default ten seconds.
 */
const expect = baseExpect.configure({ timeout: 60_000 });

const ORGANIZER = DEMO_ACCOUNTS.organizer;
const DEMO_USER = DEMO_ACCOUNTS.user;

// ---------------------------------------------------------------------------------------------------------
// The API, for what the journeys take as given (accounts, other guests, the organizer's session).
// ---------------------------------------------------------------------------------------------------------

/** The organizer's session, one per test worker (sign-ins per account are rate limited), renewed before it expires. */
let organizerSession: { pair: Pair; at: number } | null = null;
async function organizer(): Promise<Pair> {
  if (!organizerSession || Date.now() - organizerSession.at > 10 * 60_000) organizerSession = { pair: await signIn(ORGANIZER.email, ORGANIZER.password), at: Date.now() };
  return organizerSession.pair;
}

/** A new account with names and a verified phone, signed up through the (fake) Google sign-in. */
async function eligibleAccount(label: string): Promise<Account> {
  const email = `${label}-${unique()}@e2e.kuda`;
  const person = { first_name: 'Test', last_name: label.charAt(0).toUpperCase() + label.slice(1) };
  const authorize = new URL(`${FAKE_GOOGLE.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: FAKE_GOOGLE.clientId,
    response_type: 'id_token',
    nonce: unique(),
    state: unique(),
    redirect_uri: `${baseUrl()}/en/auth/google/callback`,
  }).toString();
  const fake = await fetch(authorize, {
    redirect: 'manual',
    headers: { cookie: `${FAKE_GOOGLE_USER_COOKIE}=${encodeURIComponent(JSON.stringify({ email, given_name: person.first_name, family_name: person.last_name }))}` },
  });
  const idToken = new URLSearchParams(new URL(fake.headers.get('location') ?? '').hash.slice(1)).get('id_token');
  if (!idToken) throw new Error('The fake Google provider gave no ID token');
  const pair = await expectOk(api<Pair>('POST', '/users/register_google', { token: await guestToken(), body: { id_token: idToken, email } }), 'Google sign-up');
  const phone = uniquePhone().e164;
  await expectOk(
    api('POST', '/users/add_additional_information', { token: pair.access_token, body: { name: person.first_name, last_name: person.last_name, phone_number: phone } }),
    'add phone',
  );
  await expectOk(api('POST', '/users/verify_phone', { token: pair.access_token, body: { code: await smsCode(phone) } }), 'verify phone');
  return { ...pair, email, ...person };
}

/** Like eligibleAccount, but with an e-mail and password, for journeys that sign in on the login page. */
async function eligiblePasswordAccount(label: string, locale: Locale): Promise<Account & { password: string }> {
  const email = `${label}-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale }), 'register');
  const pair = await signIn(email, password);
  const person = { first_name: 'Test', last_name: label.charAt(0).toUpperCase() + label.slice(1) };
  const phone = uniquePhone().e164;
  await expectOk(
    api('POST', '/users/add_additional_information', { token: pair.access_token, body: { name: person.first_name, last_name: person.last_name, phone_number: phone } }),
    'add phone',
  );
  await expectOk(api('POST', '/users/verify_phone', { token: pair.access_token, body: { code: await smsCode(phone) } }), 'verify phone');
  return { ...pair, email, password, ...person };
}

/**
 * The organizer's event of `mode` for this (test, project) pair: events sorted by id, those whose
 * reservation deadline is at least a day away, then slot `base * 2 + project`.
 */
async function eventFor(mode: 'instant' | 'approval', base: number): Promise<OrganizerEvent> {
  const candidates = await reservableOrganizerEvents<OrganizerEvent>((await organizer()).access_token, mode);
  const slot = base * 2 + (test.info().project.name === 'phone' ? 0 : 1);
  const event = candidates[slot];
  if (!event) throw new Error(`No ${mode} event for slot ${slot}`);
  return event;
}

/**
 * Which event base each journey takes, per mode, so that no two runs share an event when they all run in
 * parallel (a full event or the demo user's one active reservation per event would leak between them).
 */
const SLOTS = {
  approval: { guided: { sr: 0, en: 1 }, actionNeeded: { sr: 2, en: 3 }, venueCancels: { sr: 4 } },
  instant: { waitlist: { sr: 0, en: 1, uk: 2 }, reminderLinks: { sr: 3, en: 4 } },
} as const;

async function reserveByApi(account: Pair, eventId: number, partySize: number): Promise<ReservationAnswer> {
  return expectOk(api<ReservationAnswer>('POST', '/reservations', { token: account.access_token, body: { event_id: eventId, party_size: partySize } }), 'reserve');
}

// ---------------------------------------------------------------------------------------------------------
// Browser helpers
// ---------------------------------------------------------------------------------------------------------

/** A browser context already signed in as `pair` (what the app itself stores after signing in). */
async function signedInContext(browser: Browser, pair: Pair | null, { consent = true }: { consent?: boolean } = {}): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  // The cookie banner would cover buttons at the bottom of the screen on the pages that show it.
  if (consent) await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
  if (pair) {
    await seedSession(context, pair);
  }
  return context;
}

/** The reservation id in the current URL (/{lang}/reservation/{id}). */
function reservationIdOf(page: Page): number {
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  expect(id).toBeGreaterThan(0);
  return id;
}

async function expectStatus(page: Page, locale: Locale, status: string) {
  const header = page.getByTestId('reservation-status-header');
  await expect(header).toHaveAttribute('data-status', status);
  await expect(header).toContainText(t(locale, `reservations:status.${status}`));
}

/** The organizer's area, signed in, in its own browser context; reused for every decision in a test. */
async function organizerPage(browser: Browser): Promise<Page> {
  const context = await signedInContext(browser, await organizer());
  return context.newPage();
}

/** The organizer opens their area for one event and decides on one reservation, with a message if given. */
async function organizerDecides(page: Page, locale: Locale, eventId: number, reservationId: number, decision: 'accepted' | 'rejected' | 'action_needed', message?: string) {
  await page.goto(`/${locale}/organizer?event=${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'organizer:heading') })).toBeVisible();
  const row = page.locator(`[data-testid="organizer-reservation"][data-reservation-id="${reservationId}"]`);
  await row.getByRole('button', { name: t(locale, `organizer:decision.${decision}`) }).click();
  const dialog = page.getByRole('dialog', { name: t(locale, `organizer:decision.title.${decision}`) });
  if (message) await dialog.getByRole('textbox').fill(message);
  await dialog.getByRole('button', { name: t(locale, `organizer:decision.${decision}`) }).click();
  await expect(page.getByText(t(locale, `organizer:decision.done.${decision}`))).toBeVisible();
  await expect(row).toHaveAttribute('data-status', decision);
}

async function setPartySize(page: Page, locale: Locale, size: number) {
  const field = page.getByLabel(t(locale, 'reservations:reserve.partySize'));
  await field.fill(String(size));
  await field.blur();
  await expect(field).toHaveValue(String(size));
}

// ---------------------------------------------------------------------------------------------------------
// Journeys
// ---------------------------------------------------------------------------------------------------------

for (const locale of ['sr', 'en'] as const) {
  test(`${locale}: a guest is guided through sign-in and phone verification, reserves, and sees the accepted reservation with its code`, ONE_VIEWPORT[locale], async ({ browser }) => {
    test.setTimeout(300_000);
    const event = await eventFor('approval', SLOTS.approval.guided[locale]);
    // A freshly registered account: no names, no phone yet.
    const email = `novi-${unique()}@e2e.kuda`;
    const password = `Tamni-Oblak-${unique()}#7`;
    await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale }), 'register');

    const context = await signedInContext(browser, null, { consent: false });
    const page = await context.newPage();
    const reservePath = `/${locale}/reservation/new?event=${event.event_id}`;
    await page.goto(reservePath);
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'reservations:reserve.heading') })).toBeVisible();
    // No consent banner on reservation pages (spec §2).
    await expect(page.getByText(t(locale, 'common:consent.text'))).toHaveCount(0);

    // 1. Guidance: sign in first.
    const guide = page.getByTestId('eligibility-guide');
    await expect(guide.getByText(t(locale, 'reservations:eligibility.missing.sign_in'))).toBeVisible();
    await guide.getByRole('link', { name: t(locale, 'reservations:eligibility.action.sign_in') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?next=`));
    // Elsewhere the cookie banner shows (spec §2); answer it so it does not cover the forms.
    await page.getByRole('region', { name: t(locale, 'common:consent.label') }).getByRole('button', { name: t(locale, 'common:consent.decline') }).click();
    const login = page.getByRole('form', { name: t(locale, 'accounts:login.title') });
    await login.getByLabel(t(locale, 'accounts:fields.email')).fill(email);
    await login.getByRole('textbox', { name: t(locale, 'accounts:fields.password'), exact: true }).fill(password);
    await login.getByRole('button', { name: t(locale, 'accounts:login.submit') }).click();

    // 2. Back on the Reserve page, which now asks for names and the phone.
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/new\\?event=${event.event_id}$`));
    await expect(guide.getByText(t(locale, 'reservations:eligibility.missing.first_name'))).toBeVisible();
    await expect(guide.getByText(t(locale, 'reservations:eligibility.missing.last_name'))).toBeVisible();
    await expect(guide.getByText(t(locale, 'reservations:eligibility.missing.phone'))).toBeVisible();
    await expect(guide.getByText(t(locale, 'reservations:eligibility.missing.sign_in'))).toHaveCount(0);
    await guide.getByRole('link', { name: t(locale, 'reservations:eligibility.action.profile') }).click();

    // 3. Names and phone, then the SMS code.
    await expect(page).toHaveURL(new RegExp(`/${locale}/verify-phone\\?next=`));
    const phone = uniquePhone().e164;
    const details = page.getByRole('form', { name: t(locale, 'accounts:phone.detailsTitle') });
    await details.getByRole('textbox', { name: t(locale, 'accounts:fields.firstName'), exact: true }).fill('Jovana');
    await details.getByRole('textbox', { name: t(locale, 'accounts:fields.lastName'), exact: true }).fill('Novaković');
    await details.getByRole('textbox', { name: t(locale, 'accounts:fields.phone'), exact: true }).fill(phone);
    await details.getByRole('button', { name: t(locale, 'accounts:phone.send') }).click();
    const codeForm = page.getByRole('form', { name: t(locale, 'accounts:phone.codeTitle') });
    await codeForm.getByRole('textbox', { name: t(locale, 'accounts:fields.code'), exact: true }).fill(await smsCode(phone));
    await codeForm.getByRole('button', { name: t(locale, 'accounts:phone.verify') }).click();

    // 4. Back again: now the form. Three people, a note.
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/new\\?event=${event.event_id}$`));
    await expect(page.getByText(t(locale, 'reservations:reserve.modeApproval'))).toBeVisible();
    await page.getByRole('button', { name: t(locale, 'reservations:reserve.increase') }).click();
    await expect(page.getByText(t(locale, 'reservations:partySize', { count: 3 }), { exact: false })).toBeVisible();
    await page.getByLabel(t(locale, 'reservations:reserve.note')).fill('Sto blizu bine, molim');
    await page.getByRole('button', { name: t(locale, 'reservations:reserve.submit') }).click();

    // 5. The answer at once: pending (the venue approves), on the reservation's page.
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/\\d+$`));
    const reservationId = reservationIdOf(page);
    await expect(page.getByTestId('reservation-created')).toHaveText(t(locale, 'reservations:reserve.done.pending'));
    await expectStatus(page, locale, 'pending');
    await expect(page.getByText(t(locale, 'common:consent.text'))).toHaveCount(0);

    // 6. The organizer accepts.
    const orgPage = await organizerPage(browser);
    await organizerDecides(orgPage, locale, event.event_id, reservationId, 'accepted');
    await orgPage.context().close();

    // 7. The guest sees it accepted, with the code and the QR code, and a notification.
    await page.reload();
    await expectStatus(page, locale, 'accepted');
    const code = (await page.getByTestId('reservation-code').textContent())?.replace(/\s/g, '') ?? '';
    expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{7}$/);
    await expect(page.getByRole('img', { name: t(locale, 'reservations:detail.qrLabel', { code }) })).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toContainText(/\d/);
    await page.getByTestId('notifications-bell').click();
    const latest = page.locator('[data-testid="notification"][data-status="accepted"]').first();
    await expect(latest).toBeVisible();
    await expect(latest).toHaveAttribute('data-unread', 'true');

    // 8. My reservations lists it with its status and code.
    await page.keyboard.press('Escape');
    await page.goto(`/${locale}/reservations`);
    const card = page.locator(`[data-testid="reservation-card"][data-reservation-id="${reservationId}"]`);
    await expect(card).toHaveAttribute('data-status', 'accepted');
    await expect(card.getByTestId('reservation-status')).toHaveText(t(locale, 'reservations:status.accepted'));
    await expect(card).toContainText(t(locale, 'reservations:partySize', { count: 3 }));
    await context.close();
  });
}

for (const locale of ['sr', 'en'] as const) {
  test(`${locale}: the venue asks for something, the guest answers, and the venue accepts`, ONE_VIEWPORT[locale], async ({ browser }) => {
    test.setTimeout(300_000);
    const event = await eventFor('approval', SLOTS.approval.actionNeeded[locale]);
    const context = await signedInContext(browser, null);
    const page = await context.newPage();

    // From the event page's Reserve button; the demo user signs in from the guidance and comes straight back.
    await page.goto(`/${locale}/events/${event.slug}-${event.event_id}`);
    await page.getByTestId('reserve-button').click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/new\\?event=${event.event_id}$`));
    await page.getByTestId('eligibility-guide').getByRole('link', { name: t(locale, 'reservations:eligibility.action.sign_in') }).click();
    const login = page.getByRole('form', { name: t(locale, 'accounts:login.title') });
    await login.getByLabel(t(locale, 'accounts:fields.email')).fill(DEMO_USER.email);
    await login.getByRole('textbox', { name: t(locale, 'accounts:fields.password'), exact: true }).fill(DEMO_USER.password);
    await login.getByRole('button', { name: t(locale, 'accounts:login.submit') }).click();
    await expect(page.getByRole('button', { name: t(locale, 'reservations:reserve.submit') })).toBeVisible();
    await page.getByRole('button', { name: t(locale, 'reservations:reserve.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/\\d+$`));
    const reservationId = reservationIdOf(page);
    await expectStatus(page, locale, 'pending');

    const question = `Do you need a high chair? (${unique()})`;
    const orgPage = await organizerPage(browser);
    await organizerDecides(orgPage, locale, event.event_id, reservationId, 'action_needed', question);

    await page.reload();
    await expectStatus(page, locale, 'action_needed');
    const box = page.getByTestId('action-needed');
    await expect(box.getByText(t(locale, 'reservations:detail.venueAsks'))).toBeVisible();
    await expect(box.getByText(question)).toBeVisible();
    const answer = 'Yes please, one high chair.';
    await box.getByLabel(t(locale, 'reservations:detail.answer')).fill(answer);
    await box.getByRole('button', { name: t(locale, 'reservations:detail.sendAnswer') }).click();
    await expect(page.getByText(t(locale, 'reservations:detail.answerSent'))).toBeVisible();
    await expectStatus(page, locale, 'pending');
    const history = page.getByTestId('reservation-history');
    await expect(history.getByText(question)).toBeVisible();
    await expect(history.getByText(answer)).toBeVisible();

    // The organizer sees the answer with the reservation, pending again, and accepts.
    await orgPage.goto(`/${locale}/organizer?event=${event.event_id}&status=pending`);
    const row = orgPage.locator(`[data-testid="organizer-reservation"][data-reservation-id="${reservationId}"]`);
    await expect(row).toHaveAttribute('data-status', 'pending');
    await expect(row.getByTestId('last-message')).toContainText(answer);
    await expect(orgPage.getByTestId('status-filter').locator('[data-status="pending"]')).toHaveAttribute('data-selected', 'true');
    await organizerDecides(orgPage, locale, event.event_id, reservationId, 'accepted');
    await orgPage.context().close();

    await page.reload();
    await expectStatus(page, locale, 'accepted');
    await expect(page.getByTestId('reservation-code')).toBeVisible();
    await context.close();
  });
}

for (const locale of ['sr', 'en', 'uk'] as const) {
  test(`${locale}: a full event puts a late guest on the waitlist, and a cancellation gives them the place`, ONE_VIEWPORT[locale], async ({ browser }) => {
    test.setTimeout(300_000);
    const event = await eventFor('instant', SLOTS.instant.waitlist[locale]);
    const partyMax = event.party_max;
    // The organizer (eligible too) fills places along with new guests: fewer sign-ups, which are rate limited.
    const [guest, late, ...fresh] = (await Promise.all(['guest', 'late', 'fill-a', 'fill-b', 'fill-c'].map((label) => eligibleAccount(label)))) as [Account, Account, ...Account[]];
    const others: Pair[] = [await organizer(), ...fresh];

    // The guest reserves the largest party the event takes, in the browser: accepted at once (instant).
    const context = await signedInContext(browser, guest);
    const page = await context.newPage();
    await page.goto(`/${locale}/reservation/new?event=${event.event_id}`);
    await expect(page.getByText(t(locale, 'reservations:reserve.modeInstant'))).toBeVisible();
    await setPartySize(page, locale, partyMax);
    await page.getByRole('button', { name: t(locale, 'reservations:reserve.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/reservation/\\d+$`));
    const guestReservation = reservationIdOf(page);
    await expectStatus(page, locale, 'accepted');
    await expect(page.getByTestId('reservation-created')).toHaveText(t(locale, 'reservations:reserve.done.accepted'));

    // Other guests fill every remaining place.
    let remaining = event.capacity - partyMax;
    for (const other of others) {
      if (remaining <= 0) break;
      const size = Math.min(partyMax, remaining);
      expect((await reserveByApi(other, event.event_id, size)).status).toBe('accepted');
      remaining -= size;
    }
    expect(remaining).toBe(0);

    // The late guest sees the event full and joins the waitlist from the Reserve form.
    const lateContext = await signedInContext(browser, late);
    const latePage = await lateContext.newPage();
    await latePage.goto(`/${locale}/reservation/new?event=${event.event_id}`);
    await expect(latePage.getByText(t(locale, 'reservations:reserve.full'))).toBeVisible();
    await latePage.getByRole('button', { name: t(locale, 'reservations:reserve.joinWaitlist') }).click();
    await expect(latePage).toHaveURL(new RegExp(`/${locale}/reservation/\\d+$`));
    const lateReservation = reservationIdOf(latePage);
    await expectStatus(latePage, locale, 'waitlisted');
    await expect(latePage.getByTestId('waitlist-position')).toHaveText(t(locale, 'reservations:detail.waitlistPosition', { position: 1 }));

    // The guest cancels (with confirmation) before the deadline.
    await page.getByRole('button', { name: t(locale, 'reservations:detail.cancel') }).click();
    await page.getByRole('dialog').getByRole('button', { name: t(locale, 'reservations:detail.cancelConfirm') }).click();
    await expect(page.getByText(t(locale, 'reservations:detail.cancelled'), { exact: true })).toBeVisible();
    await expectStatus(page, locale, 'cancelled');
    await expect(page.getByRole('button', { name: t(locale, 'reservations:detail.cancel') })).toHaveCount(0);
    expect(reservationIdOf(page)).toBe(guestReservation);

    // The late guest got the place automatically, with a code, and was told.
    await latePage.reload();
    await expectStatus(latePage, locale, 'accepted');
    await expect(latePage.getByTestId('reservation-code')).toBeVisible();
    await expect(latePage.getByTestId('notifications-badge')).toContainText(/\d/);
    await latePage.getByTestId('notifications-bell').click();
    await expect(latePage.locator('[data-testid="notification"][data-status="accepted"]').first()).toHaveAttribute('data-unread', 'true');
    const notifications = await expectOk(
      api<{ items: { reservation_id: number | null; status: string | null }[] }>('GET', '/notifications', { token: late.access_token, locale }),
      'notifications',
    );
    expect(notifications.items.some((item) => item.reservation_id === lateReservation && item.status === 'accepted')).toBe(true);

    await context.close();
    await lateContext.close();
  });
}

for (const locale of ['sr', 'en'] as const) {
  test(`${locale}: the reminder's one-tap links confirm after signing in, and only open the cancel confirmation`, ONE_VIEWPORT[locale], async ({ browser }) => {
    test.setTimeout(300_000);
    const event = await eventFor('instant', SLOTS.instant.reminderLinks[locale]);
    const guest = await eligiblePasswordAccount('podsetnik', locale);
    const reservation = await reserveByApi(guest, event.event_id, 2);
    expect(reservation.status).toBe('accepted');
    const reservationPath = `/${locale}/reservation/${reservation.id}`;
    const mine = async () =>
      expectOk(api<{ status: string; confirmed_at: string | null }>('GET', `/reservations/${reservation.id}`, { token: guest.access_token }), 'my reservation');

    // 1. "I'm coming" from the e-mail (the link notifications-service writes), on a phone that is signed out:
    //    sign in first, come back, and it is done without another tap.
    const context = await signedInContext(browser, null);
    const page = await context.newPage();
    await page.goto(`${reservationPath}?action=confirm`);
    await page.getByTestId('sign-in-prompt').getByRole('link', { name: t(locale, 'reservations:signIn.action') }).click();
    const login = page.getByRole('form', { name: t(locale, 'accounts:login.title') });
    await login.getByLabel(t(locale, 'accounts:fields.email')).fill(guest.email);
    await login.getByRole('textbox', { name: t(locale, 'accounts:fields.password'), exact: true }).fill(guest.password);
    await login.getByRole('button', { name: t(locale, 'accounts:login.submit') }).click();
    await expect(page.getByText(t(locale, 'reservations:detail.confirmSent'), { exact: true })).toBeVisible();
    await expect(page.getByText(t(locale, 'reservations:detail.confirmedComing'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t(locale, 'reservations:detail.imComing') })).toHaveCount(0);
    // The parameter is gone (replaced, not pushed), so a reload cannot confirm again.
    await expect(page).toHaveURL(new RegExp(`${reservationPath}$`));
    expect((await mine()).confirmed_at).not.toBeNull();

    // 2. "Cancel" from the e-mail only opens the confirmation: cancelling gives the place away.
    await page.goto(`${reservationPath}?action=cancel`);
    const dialog = page.getByRole('dialog', { name: t(locale, 'reservations:detail.cancelTitle') });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${reservationPath}$`));
    expect((await mine()).status).toBe('accepted');
    await dialog.getByRole('button', { name: t(locale, 'reservations:detail.cancelConfirm') }).click();
    await expect(page.getByText(t(locale, 'reservations:detail.cancelled'), { exact: true })).toBeVisible();
    await expectStatus(page, locale, 'cancelled');
    expect((await mine()).status).toBe('cancelled');

    // 3. The same link again, now that there is nothing to cancel, says so instead of asking.
    await page.goto(`${reservationPath}?action=cancel`);
    await expect(page.getByText(t(locale, 'reservations:detail.alreadyCancelled'), { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: t(locale, 'reservations:detail.cancelTitle') })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${reservationPath}$`));
    await context.close();
  });
}

test('sr: the organizer is told about a new request, accepts it, then cancels it with a message the guest sees', ON_DESKTOP, async ({ browser }) => {
  test.setTimeout(300_000);
  const locale = 'sr' as const;
  const event = await eventFor('approval', SLOTS.approval.venueCancels[locale]);
  const guest = await eligibleAccount('otkaz');
  const reservation = await reserveByApi(guest, event.event_id, 2);
  expect(reservation.status).toBe('pending');

  // 1. The organizer's bell announces the new request (sent by a background job: look again until it is there).
  const orgPage = await organizerPage(browser);
  await orgPage.goto(`/${locale}/organizer`);
  await expect(orgPage.getByRole('heading', { level: 1, name: t(locale, 'organizer:heading') })).toBeVisible();
  await waitForHydration(orgPage);
  const notice = orgPage.locator(`[data-testid="notification"][data-type="organizer_reservation"][data-reservation-id="${reservation.id}"]`);
  await expect(async () => {
    await orgPage.keyboard.press('Escape');
    await orgPage.getByTestId('notifications-bell').click();
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(notice).toHaveAttribute('data-status', 'pending');
  await expect(notice).toContainText(t(locale, 'notifications:venue_new_request.title'));
  // "Test Otkaz traži 2 mesta za …": the guest's name and the party in its Serbian plural form.
  const asks = t(locale, 'notifications:venue_new_request.body', { count: 2, guest: `${guest.first_name} ${guest.last_name}` }).split(' za ')[0]!;
  await expect(notice).toContainText(asks);

  // 2. It opens the organizer area on that event, with the reservation picked out. The list is live: a
  // notification arriving at this moment moves the rows under the pointer, so open the bell again if needed.
  const picked = new RegExp(`/${locale}/organizer\\?event=${event.event_id}&reservation=${reservation.id}$`);
  await expect(async () => {
    if (!(await notice.isVisible())) await orgPage.getByTestId('notifications-bell').click();
    await notice.getByRole('button').first().click({ timeout: 2_000 });
    await expect(orgPage).toHaveURL(picked, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const row = orgPage.locator(`[data-testid="organizer-reservation"][data-reservation-id="${reservation.id}"]`);
  await expect(row).toHaveAttribute('data-highlighted', 'true');
  await expect(row).toContainText(t(locale, 'organizer:table.highlighted'));

  // 3. Accepted; then the venue has to cancel: a message, a confirming step, and the guest is told.
  await organizerDecides(orgPage, locale, event.event_id, reservation.id, 'accepted');
  await waitForHydration(orgPage);
  const message = `Morali smo da zatvorimo terasu zbog oluje (${unique()}).`;
  await row.getByRole('button', { name: t(locale, 'organizer:decision.cancelled') }).click();
  const dialog = orgPage.getByRole('dialog', { name: t(locale, 'organizer:decision.title.cancelled') });
  await dialog.getByRole('button', { name: t(locale, 'organizer:decision.continue'), exact: true }).click();
  await expect(dialog.getByText(t(locale, 'errors:field.required'))).toBeVisible();
  await dialog.getByRole('textbox').fill(message);
  await dialog.getByRole('button', { name: t(locale, 'organizer:decision.continue'), exact: true }).click();
  const confirm = orgPage.getByRole('dialog', { name: t(locale, 'organizer:decision.confirmCancelTitle', { guest: `${guest.first_name} ${guest.last_name}` }) });
  await expect(confirm.getByText(message)).toBeVisible();
  await confirm.getByRole('button', { name: t(locale, 'organizer:decision.confirmCancel') }).click();
  await expect(orgPage.getByText(t(locale, 'organizer:decision.done.cancelled'))).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row.getByRole('button', { name: t(locale, 'organizer:decision.cancelled') })).toHaveCount(0);
  await orgPage.context().close();

  // 4. The guest sees it cancelled by the venue, with the message, and a notification in the bell.
  const context = await signedInContext(browser, guest);
  const page = await context.newPage();
  await page.goto(`/${locale}/reservation/${reservation.id}`);
  await expectStatus(page, locale, 'cancelled');
  const why = page.getByTestId('cancelled-by-venue');
  await expect(why).toContainText(t(locale, 'reservations:detail.cancelledByVenue'));
  await expect(page.getByTestId('venue-cancel-message')).toHaveText(message);
  await expect(page.getByRole('button', { name: t(locale, 'reservations:detail.cancel') })).toHaveCount(0);
  await waitForHydration(page);
  const cancelledNotice = page.locator(`[data-testid="notification"][data-status="cancelled"][data-reservation-id="${reservation.id}"]`);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-bell').click();
    await expect(cancelledNotice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(cancelledNotice).toHaveAttribute('data-unread', 'true');
  await expect(cancelledNotice).toContainText(t(locale, 'notifications:cancelled_by_venue.title'));
  await expect(cancelledNotice).toContainText(message);
  await context.close();
});

test('ru: my reservations offers more reservable events, and guests are asked to sign in', ONE_VIEWPORT.ru, async ({ browser }) => {
  test.setTimeout(120_000);
  const locale: Locale = 'ru';
  const context = await signedInContext(browser, null);
  const page = await context.newPage();
  await page.goto(`/${locale}/reservations`);
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'reservations:list.heading') })).toBeVisible();
  await expect(page.getByTestId('sign-in-prompt')).toContainText(t(locale, 'reservations:signIn.title'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByTestId('find-more-to-reserve').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}\\?reservable=1$`));
  // The home page honours the reserve filter: every card it lists takes reservations.
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'discovery:home.reservableHeading') })).toBeVisible();
  await expect(page.getByTestId('home-reservable-pill')).toHaveAttribute('data-selected', 'true');
  const cards = page.getByTestId('home-row').locator('li');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.filter({ hasNotText: t(locale, 'common:event.reservable') })).toHaveCount(0);
  // Turning the pill off brings back every event.
  await page.getByTestId('home-reservable-pill').click();
  await expect(page).toHaveURL(new RegExp(`/${locale}$`));
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'common:home.heading') })).toBeVisible();
  await expect(cards.filter({ hasNotText: t(locale, 'common:event.reservable') }).first()).toBeVisible();
  await context.close();
});

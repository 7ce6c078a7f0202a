import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, baseUrl, expectOk, guestToken, type Pair, signIn, unique, uniqueEmail } from './support/accounts';
import { clientHeaders } from './support/client-address';
import { expect as baseExpect, ONE_VIEWPORT, test } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * The admin back office end to end (issue #10), in a real browser against the real server and its demo
 * data, per language and per screen size (projects). Each person has a browser context of their own.
 *
 * A new venue gets published:
 * 1. a newly registered user signs in and sends the application to publish on /organizer/apply;
 * 2. the admin finds it on /admin/applications and approves it with a message; the applicant reads it;
 * 3. the new organizer (not trusted) publishes a first event from the editor: it goes to review, not public;
 * 4. the admin opens it from /admin/review and requests changes with a note;
 * 5. the organizer reads the note in the editor, changes the title and publishes again;
 * 6. the admin approves it;
 * 7. a guest, signed out, opens its page and finds it by a search for its word.
 *
 * A report takes an event down:
 * 1. a guest, signed out, reports a published event (the demo organizer's, made for this run) and is thanked;
 * 2. the admin finds the reports on /admin/reports and resolves them, taking the event off the site;
 * 3. the event is gone: not found by its word, its page answers 410 with its own words, and so does the API.
 *
 * Each run makes its own accounts and events with a word nobody else uses, so runs may go in parallel.
 */

/** Loads and saves go through the network after hydration; the machine is small and busy with two browsers. */
const expect = baseExpect.configure({ timeout: 30_000 });

const ADMIN = DEMO_ACCOUNTS.admin;
const ORGANIZER = DEMO_ACCOUNTS.organizer;
/** A category with few demo events. */
const CATEGORY = 'radionice';

/**
 * A made-up word found in nobody else's titles, and near none of their words: search is typo-tolerant
 * (pg_trgm similarity ≥ 0.35), and a word of ordinary syllables can come close to a real one
 * ("Baletubole" found the demo's ballets). Its opening "Qx" and the "x" in its middle share no trigram
 * with the catalogue's words, and leave no run of ordinary letters long enough to come near one.
 */
function uniqueWord(): string {
  const consonants = 'bvgdzklmnprstf';
  const vowels = 'aeiou';
  const syllables = (length: number) => {
    let part = '';
    for (let index = 0; index < length; index += 1) {
      const pool = index % 2 === 0 ? consonants : vowels;
      part += pool[Math.floor(Math.random() * pool.length)];
    }
    return part;
  };
  return `Qx${syllables(4)}x${syllables(4)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A browser context of its own (another person), from this test's client address, cookie banner answered. */
async function freshPage(browser: Browser): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
  return context.newPage();
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Goes to `path` and waits until React has hydrated (pages of `freshPage` lack the fixture's wait). */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Signs in on the login page and lands on `next`. */
async function signInThroughLoginPage(page: Page, locale: Locale, account: { email: string; password: string }, next: string) {
  await open(page, `/${locale}/login?next=${encodeURIComponent(next)}`);
  const login = page.getByRole('form', { name: t(locale, 'accounts:login.title') });
  await login.getByLabel(t(locale, 'accounts:fields.email')).fill(account.email);
  await login.getByRole('textbox', { name: t(locale, 'accounts:fields.password'), exact: true }).fill(account.password);
  await login.getByRole('button', { name: t(locale, 'accounts:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(next)}$`));
  await hydrated(page);
}

/** The demo organizer's session, one per test worker, renewed before it expires. */
let organizerSession: { pair: Pair; at: number } | null = null;
async function demoOrganizer(): Promise<Pair> {
  if (!organizerSession || Date.now() - organizerSession.at > 10 * 60_000) organizerSession = { pair: await signIn(ORGANIZER.email, ORGANIZER.password), at: Date.now() };
  return organizerSession.pair;
}

async function categoryId(locale: Locale): Promise<number> {
  const { items } = await expectOk(api<{ items: { id: number; slug: string }[] }>('GET', '/categories', { token: await guestToken(), locale }), 'categories');
  const category = items.find((candidate) => candidate.slug === CATEGORY);
  if (!category) throw new Error(`No category ${CATEGORY}`);
  return category.id;
}

interface OrganizerEvent {
  id: number;
  status: string;
  url: string | null;
}

/** A draft event of the organizer signed in as `token`: in Serbian and English, at `venueId`, in two days' evening. */
async function draftEvent(token: string, locale: Locale, venueId: number, title: Record<'sr' | 'en', string>): Promise<OrganizerEvent> {
  const starts = new Date(Date.now() + 2 * 24 * 3600_000);
  starts.setUTCHours(18, 0, 0, 0); // an evening in Belgrade
  const startsAt = starts.toISOString();
  const { event } = await expectOk(
    api<{ event: OrganizerEvent }>('POST', '/organizer/events', {
      token,
      locale,
      body: {
        title,
        summary: { sr: 'Veče uz muziku i razgovor.', en: 'An evening of music and talk.' },
        source_locale: locale,
        category_id: await categoryId(locale),
        venue_id: venueId,
        starts_at: startsAt,
        price: { min: 0, max: 0 },
      },
    }),
    'create event',
  );
  expect(event.status).toBe('draft');
  return event;
}

/** The API's answer for the public event, as a guest sees it. */
async function publicEventStatus(id: number, locale: Locale): Promise<number> {
  return (await api('GET', `/events/${id}`, { token: await guestToken(), locale })).status;
}

for (const locale of ['sr', 'en'] as const) {
  test(`${locale}: a new organizer applies and is approved; their first event goes to review, back with a note, and out once approved`, ONE_VIEWPORT[locale], async ({ page, browser }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    const organization = locale === 'sr' ? `Klub ${word}` : `${word} Club`;
    const applicant = { email: uniqueEmail('podnosilac'), password: `Tamni-Oblak-${unique()}#7` };
    const approval = locale === 'sr' ? `Dobrodošli, ${word}!` : `Welcome aboard, ${word}!`;
    const changes = locale === 'sr' ? `Naslov neka kaže gde je (${word}).` : `Let the title say where it is (${word}).`;
    const firstTitle = { sr: `${word} veče`, en: `${word} evening` };
    const finalTitle = locale === 'sr' ? `${word} veče na krovu` : `${word} evening on the roof`;
    await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: applicant, locale }), 'register');

    // 1. The new user signs in and sends the application.
    await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
    await signInThroughLoginPage(page, locale, applicant, `/${locale}/organizer/apply`);
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'moderation:apply.heading') })).toBeVisible();
    const form = page.getByRole('form', { name: t(locale, 'moderation:apply.formLabel') });
    await form.getByRole('textbox', { name: t(locale, 'moderation:apply.name') }).fill(organization);
    await form.getByRole('textbox', { name: t(locale, 'moderation:apply.contact') }).fill(applicant.email);
    await form.getByRole('textbox', { name: t(locale, 'moderation:apply.website') }).fill(`https://${word.toLowerCase()}.example`);
    await form.getByRole('textbox', { name: t(locale, 'moderation:apply.venues') }).fill(locale === 'sr' ? 'Krov, Cetinjska 15' : 'The Roof, Cetinjska 15');
    await form.getByRole('textbox', { name: t(locale, 'moderation:apply.message') }).fill(locale === 'sr' ? 'Koncerti petkom.' : 'Concerts on Fridays.');
    await form.getByRole('button', { name: t(locale, 'moderation:apply.send') }).click();
    const status = page.getByTestId('application-status');
    await expect(status).toContainText(t(locale, 'moderation:apply.status.pending'));
    await expect(form).toHaveCount(0);

    // 2. The admin approves it with a message; the applicant reads it.
    const admin = await freshPage(browser);
    await signInThroughLoginPage(admin, locale, ADMIN, `/${locale}/admin/applications`);
    /** An event in the review queue, by its whole title (the first title is the start of the final one). */
    const reviewItem = (title: string) => admin.getByTestId('review-item').filter({ has: admin.getByText(title, { exact: true }) });
    const application = admin.getByTestId('application').filter({ has: admin.getByRole('heading', { name: organization, exact: true }) });
    await expect(application).toContainText(applicant.email);
    await application.getByRole('button', { name: t(locale, 'moderation:applications.approve'), exact: true }).click();
    const approveDialog = admin.getByRole('dialog', { name: t(locale, 'moderation:applications.decision.approved.title', { name: organization }) });
    await approveDialog.getByRole('textbox', { name: t(locale, 'moderation:applications.decision.messageOptional') }).fill(approval);
    await approveDialog.getByRole('button', { name: t(locale, 'moderation:applications.decision.approved.confirm'), exact: true }).click();
    await expect(admin.getByText(t(locale, 'moderation:applications.decided.approved', { name: organization }))).toBeVisible();
    await expect(approveDialog).toHaveCount(0);
    await expect(application).toHaveCount(0);

    await page.reload();
    await expect(status).toContainText(t(locale, 'moderation:apply.status.approved'));
    await expect(status).toContainText(approval);
    await expect(status.getByRole('link', { name: t(locale, 'moderation:apply.openWorkspace') })).toBeVisible();

    // 3. The new organizer's first event (written through the API: the editor's form has its own journey,
    //    workspace.spec.ts), published from the editor: it goes to review, not out.
    const organizer = await signIn(applicant.email, applicant.password);
    const venue = await expectOk(
      api<{ id: number }>('POST', '/organizer/venues', {
        token: organizer.access_token,
        locale,
        body: { name: { [locale]: `${word} Krov` }, address: 'Cetinjska 15', city: 'beograd', lat: 44.8176, lng: 20.4569 },
      }),
      'create venue',
    );
    const draft = await draftEvent(organizer.access_token, locale, venue.id, firstTitle);
    await page.goto(`/${locale}/organizer/events/${draft.id}`);
    const eventStatus = page.getByTestId('event-status');
    await expect(eventStatus).toHaveText(t(locale, 'workspace:status.draft'));
    const publish = page.getByRole('button', { name: t(locale, 'workspace:actions.publish'), exact: true });
    await publish.click();
    await expect(eventStatus).toHaveText(t(locale, 'workspace:status.pending_review'));
    await expect(page.getByText(t(locale, 'workspace:actions.done.review'))).toBeVisible();
    await expect(publish).toHaveCount(0);
    expect(await publicEventStatus(draft.id, locale)).toBe(404);

    // 4. The admin opens it from the review queue and requests changes with a note.
    await open(admin, `/${locale}/admin/review`);
    await reviewItem(firstTitle[locale]).click();
    await expect(admin.getByRole('heading', { level: 1, name: firstTitle[locale] })).toBeVisible();
    const decide = admin.getByRole('group', { name: t(locale, 'moderation:review.decide') });
    await decide.getByRole('button', { name: t(locale, 'moderation:review.decision.request_changes.action'), exact: true }).click();
    const changesDialog = admin.getByRole('dialog', { name: t(locale, 'moderation:review.decision.request_changes.title') });
    await changesDialog.getByRole('textbox', { name: t(locale, 'moderation:review.decision.message') }).fill(changes);
    await changesDialog.getByRole('button', { name: t(locale, 'moderation:review.decision.request_changes.confirm'), exact: true }).click();
    await expect(admin.getByText(t(locale, 'moderation:review.decision.request_changes.done'))).toBeVisible();
    await expect(admin.getByText(t(locale, 'moderation:review.notWaiting'))).toBeVisible();
    await expect(admin.getByTestId('note').filter({ hasText: changes })).toBeVisible();

    // 5. The organizer reads the note in the editor, changes the title and publishes again.
    await page.reload();
    const requested = page.getByTestId('changes-requested');
    await expect(requested).toContainText(t(locale, 'moderation:notes.last.request_changes'));
    await expect(requested).toContainText(changes);
    await expect(eventStatus).toHaveText(t(locale, 'workspace:status.draft'));
    await page.getByTestId(`text-tab-${locale}`).click();
    await page
      .getByRole('textbox', { name: t(locale, 'workspace:text.title', { language: t(locale, `workspace:languages.${locale}`) }) })
      .fill(finalTitle);
    await publish.click();
    await expect(eventStatus).toHaveText(t(locale, 'workspace:status.pending_review'));
    await expect(page.getByTestId('note').filter({ hasText: changes })).toBeVisible();
    expect(await publicEventStatus(draft.id, locale)).toBe(404);

    // 6. The admin finds it in the queue again, under its new title, and approves it.
    await open(admin, `/${locale}/admin/review`);
    await expect(reviewItem(finalTitle)).toBeVisible();
    await expect(reviewItem(firstTitle[locale])).toHaveCount(0);
    await reviewItem(finalTitle).click();
    await expect(admin.getByRole('heading', { level: 1, name: finalTitle })).toBeVisible();
    await decide.getByRole('button', { name: t(locale, 'moderation:review.decision.approve.action'), exact: true }).click();
    const approveEventDialog = admin.getByRole('dialog', { name: t(locale, 'moderation:review.decision.approve.title') });
    await approveEventDialog.getByRole('button', { name: t(locale, 'moderation:review.decision.approve.confirm'), exact: true }).click();
    await expect(admin.getByText(t(locale, 'moderation:review.decision.approve.done'))).toBeVisible();
    await expect(admin.getByText(t(locale, 'moderation:review.notWaiting'))).toBeVisible();
    await admin.context().close();

    await page.reload();
    await expect(eventStatus).toHaveText(t(locale, 'workspace:status.published'));
    await expect(page.getByTestId('changes-requested')).toHaveCount(0);
    const { event: published } = await expectOk(api<{ event: OrganizerEvent }>('GET', `/organizer/events/${draft.id}`, { token: organizer.access_token, locale }), 'the event');
    if (!published.url) throw new Error('An approved event without a public page');

    // 7. A guest, signed out, opens its page and finds it by its word.
    const guest = await freshPage(browser);
    const response = await open(guest, published.url);
    expect(response?.status()).toBe(200);
    await expect(guest.getByRole('heading', { level: 1, name: finalTitle })).toBeVisible();
    await open(guest, `/${locale}/search?q=${encodeURIComponent(word)}`);
    const found = guest.getByTestId('search-results').getByTestId('event-card');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(finalTitle);
    await expect(found).toHaveAttribute('data-event-id', String(draft.id));
    await guest.context().close();
  });

  test(`${locale}: a guest reports an event; the admin resolves the reports and takes it off the site, and its page answers 410`, ONE_VIEWPORT[locale], async ({ browser }) => {
    test.setTimeout(150_000);
    const word = uniqueWord();
    const title = { sr: `${word} kviz znanja`, en: `${word} pub quiz` };
    const message = locale === 'sr' ? `Ovo je reklama (${word}).` : `This is an advert (${word}).`;

    // The demo organizer (trusted: it goes out at once) publishes an event of this run, at one of its venues.
    const organizer = await demoOrganizer();
    const { items: venues } = await expectOk(api<{ items: { id: number }[] }>('GET', '/organizer/venues', { token: organizer.access_token, locale }), 'venues');
    const venueId = venues[0]?.id;
    if (venueId === undefined) throw new Error('The demo organizer has no venue');
    const draft = await draftEvent(organizer.access_token, locale, venueId, title);
    const { event } = await expectOk(api<{ event: OrganizerEvent }>('POST', `/organizer/events/${draft.id}/publish`, { token: organizer.access_token, locale }), 'publish');
    expect(event.status).toBe('published');
    if (!event.url) throw new Error('A published event without a public page');

    // 1. A guest, signed out, reports it and is thanked.
    const guest = await freshPage(browser);
    await open(guest, event.url);
    await expect(guest.getByRole('heading', { level: 1, name: title[locale] })).toBeVisible();
    await guest.getByRole('button', { name: t(locale, 'reports:action.report'), exact: true }).click();
    const dialog = guest.getByRole('dialog', { name: t(locale, 'reports:dialog.title') });
    await dialog.getByRole('radio', { name: t(locale, 'reports:dialog.targetEvent'), exact: true }).check();
    await dialog.getByRole('radio', { name: t(locale, 'reports:reason.spam'), exact: true }).check();
    await dialog.getByRole('textbox', { name: t(locale, 'reports:dialog.message') }).fill(message);
    await dialog.getByRole('button', { name: t(locale, 'reports:dialog.submit'), exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(t(locale, 'reports:dialog.thanks'));
    await dialog.getByRole('button', { name: t(locale, 'reports:dialog.close'), exact: true }).click();
    await expect(dialog).toHaveCount(0);

    // 2. The admin finds the reports on the event and resolves them, taking the event off the site.
    const admin = await freshPage(browser);
    await signInThroughLoginPage(admin, locale, ADMIN, `/${locale}/admin/reports`);
    const group = admin.getByTestId('report-group').filter({ has: admin.getByRole('heading', { name: title[locale], exact: true }) });
    await expect(group).toContainText(t(locale, 'reports:admin.targetType.event'));
    await expect(group).toContainText(t(locale, 'reports:admin.count', { count: 1 }));
    await expect(group).toContainText(message);
    await expect(group).toContainText(t(locale, 'reports:admin.reporter.guest'));
    await group.getByRole('button', { name: t(locale, 'reports:admin.resolve'), exact: true }).click();
    const resolve = admin.getByRole('dialog', { name: t(locale, 'reports:admin.decide.resolveTitle', { title: title[locale] }) });
    await expect(resolve).toContainText(t(locale, 'reports:admin.decide.closes', { count: 1 }));
    await resolve.getByRole('textbox', { name: t(locale, 'reports:admin.decide.note') }).fill(locale === 'sr' ? 'Reklama, skinuto.' : 'An advert, taken down.');
    await resolve.getByRole('checkbox', { name: t(locale, 'reports:admin.decide.unpublish') }).check();
    await resolve.getByRole('button', { name: t(locale, 'reports:admin.resolve'), exact: true }).click();
    await expect(admin.getByText(`${t(locale, 'reports:admin.decide.done', { count: 1 })} ${t(locale, 'reports:admin.decide.unpublished')}`)).toBeVisible();
    await expect(resolve).toHaveCount(0);
    await expect(group).toHaveCount(0);
    // Among the resolved ones, marked as removed from the site.
    await admin.getByRole('button', { name: t(locale, 'reports:admin.status.resolved'), exact: true }).click();
    await expect(group.getByText(t(locale, 'reports:admin.removedChip'), { exact: true })).toBeVisible();
    await admin.context().close();

    // 3. The event is gone: its word finds nothing, its page and the API answer 410.
    await open(guest, `/${locale}/search?q=${encodeURIComponent(word)}`);
    await expect(guest.getByText(t(locale, 'discovery:search.none', { q: word }))).toBeVisible();
    await expect(guest.getByTestId('event-card').filter({ hasText: title[locale] })).toHaveCount(0);
    const gone = await guest.goto(event.url);
    expect(gone?.status()).toBe(410);
    await expect(guest.getByRole('heading', { level: 1, name: t(locale, 'reports:removed.title') })).toBeVisible();
    await expect(guest.getByText(t(locale, 'reports:removed.body'))).toBeVisible();
    expect(await publicEventStatus(event.id, locale)).toBe(410);
    await guest.context().close();
  });
}

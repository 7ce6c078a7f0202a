import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { localParts } from '../../src/shared/zoned-time';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, baseUrl, expectOk, guestToken, signIn, unique } from './support/accounts';
import { clientHeaders } from './support/client-address';
import { expect as baseExpect, ONE_VIEWPORT, test } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * The organizer workspace end to end (issue #9), in a real browser against the real server and its demo
 * data, per language and per screen size (projects):
 * 1. the organizer signs in on the login page and adds a venue (the map point from the city centre);
 * 2. writes an event in Serbian and English, with a cover image, reservations confirmed at once, and
 *    publishes it (the demo organizer is trusted: it goes public at once);
 * 3. a guest, signed out, finds it on the home page and by a search in Cyrillic;
 * 4. the demo user reserves (through the API: the Reserve form has journeys of its own) and gets a code;
 * 5. door staff sign in, pick the event at the door and type the code: valid, then "already checked in";
 * 6. the organizer downloads the guest list as CSV: a BOM, the guest's name and the code.
 * Each run makes its own venue and event with a word nobody else uses, so the runs may go in parallel.
 */

/** Loads and saves go through the network after hydration; the machine is small and busy with two browsers. */
const expect = baseExpect.configure({ timeout: 30_000 });

const ORGANIZER = DEMO_ACCOUNTS.organizer;
const DOOR = DEMO_ACCOUNTS.door;
const DEMO_USER = DEMO_ACCOUNTS.user;
const ZONE = 'Europe/Belgrade';
/** A category with few demo events, so a new one starting in a few hours is in its home row. */
const CATEGORY = 'radionice';

/** Latin letters that map one to one onto Serbian Cyrillic (no digraphs, no diacritics). */
const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', k: 'к',
  l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', r: 'р', s: 'с', t: 'т', u: 'у', f: 'ф',
};

/** A made-up word of those letters, consonant and vowel in turn (readable, and far from every other word). */
function uniqueWord(): string {
  const consonants = 'bvgdzklmnprstf';
  const vowels = 'aeiou';
  let word = '';
  for (let index = 0; index < 10; index += 1) {
    const pool = index % 2 === 0 ? consonants : vowels;
    word += pool[Math.floor(Math.random() * pool.length)];
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function toCyrillic(word: string): string {
  return [...word.toLowerCase()].map((letter) => LATIN_TO_CYRILLIC[letter] ?? letter).join('');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Belgrade's wall clock `hours` from now, on a five-minute step: what the organizer types in the editor. */
function belgradeWallClock(hours: number): { date: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + hours * 3600_000) / 300_000) * 300_000);
  const p = localParts(at, ZONE);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A browser context of its own (another person), from this test's client address, cookie banner answered. */
async function freshPage(browser: Browser): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
  const page = await context.newPage();
  return page;
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Signs in on the login page and lands on `next`. */
async function signInThroughLoginPage(page: Page, locale: Locale, account: { email: string; password: string }, next: string) {
  await page.goto(`/${locale}/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  const login = page.getByRole('form', { name: t(locale, 'accounts:login.title') });
  await login.getByLabel(t(locale, 'accounts:fields.email')).fill(account.email);
  await login.getByRole('textbox', { name: t(locale, 'accounts:fields.password'), exact: true }).fill(account.password);
  await login.getByRole('button', { name: t(locale, 'accounts:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(next)}$`));
  await hydrated(page);
}

/** Picks `option` (a regular expression on its text) in the MUI select whose label starts with `label`. */
async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}`) }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

for (const locale of ['sr', 'en'] as const) {
  test(`${locale}: an organizer adds a venue and publishes an event; guests find it, reserve, are checked in at the door and listed in the CSV`, ONE_VIEWPORT[locale], async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const word = uniqueWord();
    const cyrillic = toCyrillic(word);
    expect(cyrillic).toMatch(/^[\p{Script=Cyrillic}]+$/u);
    const venueName = locale === 'sr' ? `Dvorište ${tag}` : `Courtyard ${tag}`;
    const title = { sr: `${word} radionica keramike`, en: `${word} pottery workshop` };
    const summary = { sr: 'Uveče pravimo šolje od gline, uz čaj.', en: 'An evening of making clay mugs, with tea.' };
    const starts = belgradeWallClock(3);
    const { items: categories } = await expectOk(
      api<{ items: { id: number; slug: string; name: string }[] }>('GET', '/categories', { token: await guestToken(), locale }),
      'categories',
    );
    const category = categories.find((candidate) => candidate.slug === CATEGORY);
    if (!category) throw new Error(`No category ${CATEGORY}`);

    // 1. The organizer signs in on the login page and adds a venue.
    await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
    await signInThroughLoginPage(page, locale, ORGANIZER, `/${locale}/organizer/venues/new`);
    await page
      .getByRole('textbox', { name: t(locale, 'team:venues.form.nameIn', { language: t(locale, `common:language.name.${locale}`) }) })
      .fill(venueName);
    await page.getByRole('textbox', { name: t(locale, 'team:venues.form.address'), exact: true }).fill('Cetinjska 15');
    await choose(page, t(locale, 'team:venues.form.city'), new RegExp(`^${escapeRegExp(t(locale, 'team:venues.cities.beograd'))}$`));
    await page.getByRole('button', { name: t(locale, 'team:venues.form.useCentre') }).click();
    await expect(page.getByRole('textbox', { name: t(locale, 'team:venues.form.lat') })).not.toHaveValue('');
    // The map picker shows a map of its full height (maplibre's stylesheet once collapsed it to 0 px).
    await page.getByRole('button', { name: t(locale, 'team:venues.map.pick') }).click();
    const picker = page.getByRole('dialog', { name: t(locale, 'team:venues.map.title') });
    await expect(picker.locator('.maplibregl-canvas')).toBeVisible();
    expect((await picker.getByRole('region', { name: t(locale, 'team:venues.map.label') }).boundingBox())?.height).toBeGreaterThan(300);
    await picker.getByRole('button', { name: t(locale, 'team:venues.map.done') }).click();
    await expect(picker).toBeHidden();
    await page.getByRole('button', { name: t(locale, 'team:venues.form.create') }).click();
    await expect(page.getByText(t(locale, 'team:venues.created'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/organizer/venues/\\d+$`));

    // 2. A new event, written in Serbian and in English.
    await page.goto(`/${locale}/organizer/events/new`);
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'workspace:editor.newHeading') })).toBeVisible();
    for (const language of [locale, locale === 'sr' ? 'en' : 'sr'] as const) {
      await page.getByTestId(`text-tab-${language}`).click();
      const named = (key: string) => ({ name: t(locale, key, { language: t(locale, `workspace:languages.${language}`) }) });
      await page.getByRole('textbox', named('workspace:text.title')).fill(title[language]);
      await page.getByRole('textbox', named('workspace:text.summary')).fill(summary[language]);
      await expect(page.getByTestId(`text-tab-${language}`)).toHaveAttribute('data-complete', 'true');
    }
    await choose(page, t(locale, 'workspace:category.category'), new RegExp(`^${escapeRegExp(category.name)}$`));
    await choose(page, t(locale, 'workspace:where.venue'), new RegExp(`^${escapeRegExp(venueName)}`));
    await page.locator('input[name="start.date"]').fill(starts.date);
    await page.locator('input[name="start.time"]').fill(starts.time);
    await page.getByRole('radio', { name: t(locale, 'workspace:price.free'), exact: true }).check();
    await page.getByRole('radio', { name: t(locale, 'workspace:reservation.instant'), exact: true }).check();
    await page.getByRole('textbox', { name: t(locale, 'workspace:reservation.capacity') }).fill('40');

    // The cover: a 1600×900 JPEG through the file input; the two crops show once the server has made its sizes.
    const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 196, g: 92, b: 48 } } })
      .composite([{ input: { create: { width: 500, height: 300, channels: 3, background: { r: 32, g: 64, b: 128 } } }, left: 550, top: 300 }])
      .jpeg({ quality: 80 })
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: `cover-${tag}.jpg`, mimeType: 'image/jpeg', buffer: cover });
    await expect(page.getByText(t(locale, 'workspace:image.cardCrop'), { exact: true })).toBeVisible();
    await expect(page.getByText(t(locale, 'workspace:image.headerCrop'), { exact: true })).toBeVisible();

    await page.getByRole('button', { name: t(locale, 'workspace:actions.publish'), exact: true }).click();
    await expect(page.getByTestId('event-status')).toHaveText(t(locale, 'workspace:status.published'));
    await expect(page).toHaveURL(new RegExp(`/${locale}/organizer/events/\\d+$`));
    const eventId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(eventId).toBeGreaterThan(0);

    // 3. A guest, signed out, finds it on the home page, in its category's row, and by a search in Cyrillic.
    const guest = await freshPage(browser);
    await guest.goto(`/${locale}/`);
    const row = guest.getByTestId('home-row').filter({ has: guest.getByRole('heading', { level: 2, name: category.name, exact: true }) });
    await expect(row.getByTestId('event-card').filter({ hasText: title[locale] })).toBeVisible();
    await guest.goto(`/${locale}/search?q=${encodeURIComponent(cyrillic)}`);
    const found = guest.getByTestId('search-results').getByTestId('event-card');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(title[locale]);
    await guest.context().close();

    // 4. The demo user reserves two places: accepted at once, with a code.
    const user = await signIn(DEMO_USER.email, DEMO_USER.password);
    const reservation = await expectOk(
      api<{ id: number; status: string; code: string | null }>('POST', '/reservations', { token: user.access_token, body: { event_id: eventId, party_size: 2 }, locale }),
      'reserve',
    );
    expect(reservation.status).toBe('accepted');
    const code = reservation.code;
    if (!code) throw new Error('An accepted reservation without a code');
    const { user: person } = await expectOk(api<{ user: { first_name: string | null; last_name: string | null } }>('GET', '/users/get_user', { token: user.access_token }), 'get user');
    const guestName = [person.first_name, person.last_name].filter(Boolean).join(' ');
    expect(guestName).not.toBe('');

    // 5. Door staff sign in, pick the event and type the code: valid; typed again, already checked in.
    const door = await freshPage(browser);
    await signInThroughLoginPage(door, locale, DOOR, `/${locale}/organizer/door`);
    await expect(door.getByRole('heading', { level: 1, name: t(locale, 'door:heading') })).toBeVisible();
    await choose(door, t(locale, 'door:station.event'), new RegExp(`^${escapeRegExp(title[locale])}`));
    const codeField = door.getByRole('textbox', { name: t(locale, 'door:station.code') });
    const result = door.getByTestId('check-in-result');
    await codeField.pressSequentially(code);
    await codeField.press('Enter');
    await expect(result.locator('[data-result]')).toHaveAttribute('data-result', 'checked_in');
    await expect(result).toContainText(t(locale, 'door:result.checked_in'));
    await expect(result).toContainText(t(locale, 'door:result.guest', { name: guestName, count: 2 }));
    await codeField.pressSequentially(code);
    await door.getByRole('button', { name: t(locale, 'door:station.check'), exact: true }).click();
    await expect(result.locator('[data-result]')).toHaveAttribute('data-result', 'already_checked_in');
    await expect(result).toContainText(t(locale, 'door:result.already_checked_in'));
    await door.context().close();

    // 6. The organizer downloads the guest list: UTF-8 with a BOM, the guest and the code.
    await page.goto(`/${locale}/organizer/events/${eventId}/guests`);
    await expect(page.getByRole('heading', { level: 1, name: title[locale] })).toBeVisible();
    await expect(page.getByTestId('guest-row').filter({ hasText: guestName })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t(locale, 'door:guests.downloadCsv') }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString('utf8');
    expect(text).toContain(guestName);
    expect(text).toContain(code);
  });
}

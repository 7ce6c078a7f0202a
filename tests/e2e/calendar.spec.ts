import ICAL from 'ical.js';
import { api, expectOk, guestToken } from './support/accounts';
import { expect, test } from './support/test';
import { t, type Locale } from './support/texts';

interface EventSummary {
  id: number;
  title: string;
  venue: { id: number; slug: string; name: string } | null;
}

/** The consent banner is answered up front so it never sits over what a test clicks. */
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' }]);
});

test("a venue's subscribe URL, as the page shows it, is a calendar of the venue's events", async ({ page, request }, testInfo) => {
  const lang: Locale = testInfo.project.name === 'phone' ? 'sr' : 'ru';
  const token = await guestToken();
  const { items } = await expectOk(api<{ items: EventSummary[] }>('GET', '/events?limit=10', { token, locale: lang }), 'list events');
  const event = items.find((item) => item.venue)!;
  const venue = event.venue!;

  // Crawlers and feed readers see the feeds in the server-rendered <head>, without running the app.
  const html = await (await request.get(`/${lang}/venues/${venue.slug}-${venue.id}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(new RegExp(`<link rel="alternate" type="text/calendar" title="[^"]+" href="[^"]+/calendar/venues/${venue.id}\\.ics\\?lang=${lang}"`));
  expect(head).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="[^"]+/calendar/venues/${venue.id}\\.atom\\?lang=${lang}"`));

  await page.goto(`/${lang}/venues/${venue.slug}-${venue.id}`);
  const box = page.getByTestId('calendar-subscribe');
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByRole('heading')).toHaveText(t(lang, 'posted:calendar.subscribe.title'));
  const url = await page.getByTestId('calendar-feed-url').inputValue();
  expect(url).toMatch(new RegExp(`/calendar/venues/${venue.id}\\.ics\\?lang=${lang}$`));
  await expect(page.getByTestId('calendar-webcal')).toHaveAttribute('href', url.replace(/^https?:\/\//, 'webcal://'));
  await expect(page.getByTestId('calendar-atom')).toHaveAttribute('href', url.replace(/\.ics\?/, '.atom?'));
  // The page's head names the same feed for tools that look there.
  await expect(page.locator('head link[rel="alternate"][type="text/calendar"]')).toHaveAttribute('href', url);
  await page.screenshot({ path: testInfo.outputPath(`venue-subscribe-${testInfo.project.name}.png`), fullPage: false });

  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toContain(venue.name);
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Belgrade');
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  expect(events.map((item) => item.uid)).toContain(`event-${event.id}@kuda`);
  expect(events.find((item) => item.uid === `event-${event.id}@kuda`)?.summary).toBe(event.title);
});

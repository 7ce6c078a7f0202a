import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { api, expectOk, guestToken, seedSession, signIn, unique, baseUrl } from './support/accounts';
import { expect as baseExpect, test } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * Following (issue 12): a person follows a venue on its page; the venue's organizer publishes a new event
 * there (through the organizer API, as the workspace does); the follower finds "New at …" in the bell, in
 * their language. Serbian on the phone, Russian on the desktop. Each attempt uses a new account, so a retry
 * starts clean.
 */

/** The fan-out is a background job; the machine is small and shared. */
const expect = baseExpect.configure({ timeout: 30_000 });

const ORGANIZER = DEMO_ACCOUNTS.organizer;

interface OrganizerVenue {
  id: number;
  slug: string;
  display_name: string;
}

test('a follower of a venue hears in the bell when its organizer publishes a new event there', async ({ page }, testInfo) => {
  const locale: Locale = testInfo.project.name === 'phone' ? 'sr' : 'ru';
  const email = `follows-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale }), 'register');
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseUrl() }]);
  await seedSession(page, await signIn(email, password));

  const organizer = await signIn(ORGANIZER.email, ORGANIZER.password);
  const { items: venues } = await expectOk(api<{ items: OrganizerVenue[] }>('GET', '/organizer/venues', { token: organizer.access_token }), 'venues');
  // One venue per project: the other project's event, published there meanwhile, would be "new" to this
  // follower too and could top their "For you".
  const venue = venues[(testInfo.project.name === 'phone' ? 0 : 1) % venues.length]!;

  // 1. Follow the venue on its page: the button says so and is pressed.
  await page.goto(`/${locale}/venues/${venue.slug}-${venue.id}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const follow = page.getByRole('button', { name: t(locale, 'posted:follows.button.followLabel', { name }) });
  await expect(follow).toBeEnabled();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const following = page.getByRole('button', { name: t(locale, 'posted:follows.button.followingLabel', { name }) });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(following).toHaveText(t(locale, 'posted:follows.button.following'));

  // 2. The organizer publishes an event at that venue.
  const { items: categories } = await expectOk(api<{ items: { id: number }[] }>('GET', '/categories', { token: organizer.access_token }), 'categories');
  const title = `Follows ${unique()}`;
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  const created = await expectOk(
    api<{ event: { id: number } }>('POST', '/organizer/events', {
      token: organizer.access_token,
      body: {
        title: { sr: title, ru: title },
        source_locale: 'sr',
        category_id: categories[0]!.id,
        venue_id: venue.id,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        price: { min: 0, max: 0 },
      },
    }),
    'create event',
  );
  await expectOk(api('POST', `/organizer/events/${created.event.id}/publish`, { token: organizer.access_token, body: {} }), 'publish');

  // 3. The follower's bell has it, in their language, and it leads to the event.
  // (The new event is on the venue page itself too: only the bell's item counts.)
  const notice = page.getByTestId('notification').filter({ hasText: title });
  await expect(async () => {
    await page.reload();
    await page.getByTestId('notifications-bell').click();
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice).toContainText(t(locale, 'posted:follows.notice.venue', { name }));
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/events/.+-${created.event.id}$`));

  // 4. On the home page the new event tops "For you", saying why.
  await page.goto(`/${locale}/`);
  const forYou = page.getByTestId('for-you-row');
  const first = forYou.getByTestId('event-card').first();
  await expect(first).toContainText(title);
  await expect(forYou.getByTestId('for-you-reason').first()).toContainText(t(locale, 'posted:forYou.reason.follows_venue', { name }));
});

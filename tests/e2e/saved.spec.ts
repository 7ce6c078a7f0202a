import { uniqueEmail } from './support/accounts';
import { expect, test } from './support/test';
import { t, type Locale } from './support/texts';

/**
 * Saved events (issue 12): a guest saves two events with the heart on their cards, creates an account, and
 * finds both on the Saved page — the guest's saves moved to the account. Serbian on the phone, Russian on
 * the desktop.
 */

const PASSWORD = 'Kuda-e2e!2026x';

test('a guest saves two events, signs up and finds them on the Saved page', async ({ page, baseURL, isMobile }, testInfo) => {
  const lang: Locale = isMobile ? 'sr' : 'ru';
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await page.goto(`/${lang}/`);

  // The hearts appear once the page knows (in the browser) what this guest saved: nothing yet.
  const hearts = page.getByTestId('save-heart');
  await expect(hearts.first()).toBeVisible();
  const cards = page.getByTestId('event-card').filter({ has: page.getByTestId('save-heart') });
  const ids: string[] = [];
  for (let index = 0; ids.length < 2; index += 1) {
    const id = await cards.nth(index).getAttribute('data-event-id');
    if (id && !ids.includes(id)) ids.push(id);
  }
  for (const id of ids) {
    const heart = page.locator(`[data-testid="event-card"][data-event-id="${id}"]`).first().getByTestId('save-heart');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveAccessibleName(t(lang, 'posted:saved.save'));
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toHaveAccessibleName(t(lang, 'posted:saved.saved'));
  }
  await page.screenshot({ path: testInfo.outputPath('hearts.png') });

  // Sign up: the registration and sign-in calls carry the guest's token, so the saves follow.
  await page.goto(`/${lang}/register`);
  await page.locator('input').and(page.getByLabel(new RegExp(`^${t(lang, 'accounts:fields.email')}`))).fill(uniqueEmail(`saved-${lang}`));
  await page.locator('input').and(page.getByLabel(new RegExp(`^${t(lang, 'accounts:fields.newPassword')}`))).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'accounts:register.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));

  // "Saved" in the drawer (on the phone behind the menu button).
  if (isMobile) await page.getByTestId('drawer-toggle').click();
  await page.getByTestId(isMobile ? 'drawer-mobile' : 'drawer-desktop').getByTestId('nav-saved').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/saved$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'posted:saved.title'));
  const items = page.getByTestId('saved-item');
  await expect(items).toHaveCount(2);
  const shown = await items.getByTestId('event-card').evaluateAll((cardsShown) => cardsShown.map((card) => card.getAttribute('data-event-id')));
  expect(shown.sort()).toEqual([...ids].sort());
  await expect(items.getByTestId('save-heart').first()).toHaveAttribute('aria-pressed', 'true');
  // Signed in now: no "your saves live on this device" hint.
  await expect(page.getByTestId('saved-guest-hint')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('saved-page.png'), fullPage: true });
});

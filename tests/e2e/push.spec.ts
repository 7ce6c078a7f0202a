import { api, expectOk, guestToken, seedSession, signIn, unique } from './support/accounts';
import { expect, test } from './support/test';
import { t } from './support/texts';

/**
 * Issue #12, push reminders: the profile offers "Push notifications on this device" where the browser can
 * push (headless Chromium can, up to the push service itself), off until the person presses; and says so
 * when the browser blocks notifications. Serbian on the phone, Russian on desktop.
 */
test('the profile offers push notifications on this device, and says when the browser blocks them', async ({ page, baseURL }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'ru';
  const email = `push-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale: lang }), 'register');
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await seedSession(page, await signIn(email, password));

  await page.goto(`/${lang}/profile`);
  const section = page.getByRole('region', { name: t(lang, 'posted:push.title') });
  await expect(section.getByText(t(lang, 'posted:push.off'))).toBeVisible();
  await expect(section.getByRole('button', { name: t(lang, 'posted:push.turnOn') })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`push-off-${lang}.png`) });

  // The person said no in the browser's own prompt earlier: no button, the way out named instead.
  // (the browser's "blocked" answer, as the page reads it; a headless browser has no prompt to refuse)
  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await page.reload();
  await expect(section.getByText(t(lang, 'posted:push.blocked'))).toBeVisible();
  await expect(section.getByRole('button', { name: t(lang, 'posted:push.turnOn') })).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`push-blocked-${lang}.png`) });
});

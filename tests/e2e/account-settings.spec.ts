import { api, expectOk, guestToken, seedSession, signIn, unique } from './support/accounts';
import { clientHeaders } from './support/client-address';
import { expect, test } from './support/test';
import { t } from './support/texts';

/**
 * Issue #12, account basics and notification settings on the profile. Serbian on the phone, Russian on
 * desktop. Each attempt registers its own person, so a retry never meets the first attempt's data.
 */

async function newPerson(lang: 'sr' | 'ru') {
  const email = `account-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale: lang }), 'register');
  return { email, password };
}

test('changing the password signs the other session out and keeps this one', async ({ page, browser, baseURL }, testInfo) => {
  // Two browsers and three password hashes: on a busy two-core machine this journey alone takes 40–60 s.
  test.slow();
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'ru';
  const { email, password } = await newPerson(lang);
  const consent = [{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }];
  await page.context().addCookies(consent);
  await seedSession(page, await signIn(email, password));
  // The other device: signed in separately; its browser opens the profile only after the change.
  const otherPair = await signIn(email, password);
  await page.goto(`/${lang}/profile`);
  // The first personal fetches of a busy machine can be slow: wait for the list, then check it.
  await expect(page.getByTestId('sessions-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('session')).toHaveCount(2);
  await expect(page.getByTestId('session').filter({ hasText: t(lang, 'posted:account.sessions.this_device') })).toHaveCount(1);

  const form = page.getByRole('form', { name: t(lang, 'posted:account.password.title') });
  await form.getByRole('textbox', { name: t(lang, 'posted:account.password.current'), exact: true }).fill(password);
  await form.getByRole('textbox', { name: t(lang, 'posted:account.password.new'), exact: true }).fill(`Novi-Oblak-${unique()}#8`);
  await form.getByRole('button', { name: t(lang, 'posted:account.password.save') }).click();
  await expect(page.getByText(t(lang, 'posted:account.password.changed'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-after-password.png'), fullPage: true });

  // This device stays signed in, with one session left; the other is sent to sign in.
  await page.reload();
  await expect(page.getByTestId('session')).toHaveCount(1);
  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, extraHTTPHeaders: clientHeaders() });
  await other.addCookies(consent);
  await seedSession(other, otherPair);
  const otherPage = await other.newPage();
  await otherPage.goto(`/${lang}/profile`);
  await expect(otherPage).toHaveURL(new RegExp(`/${lang}/login`), { timeout: 30_000 });
  await other.close();
});

test('an e-mail turned off stays off after a reload', async ({ page, baseURL }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'ru';
  const { email, password } = await newPerson(lang);
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await seedSession(page, await signIn(email, password));

  await page.goto(`/${lang}/profile#notifications`);
  const reminders = page.getByLabel(t(lang, 'posted:settings.email_reminders'), { exact: true });
  await expect(reminders).toBeChecked();
  await expect(page.getByTestId('calendar-url')).toHaveValue(/\/calendar\/me\/[A-Za-z0-9_-]+\.ics$/);
  await reminders.click();
  await expect(page.getByText(t(lang, 'posted:settings.saved'))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('profile-notifications.png'), fullPage: true });

  await page.reload();
  await expect(page.getByLabel(t(lang, 'posted:settings.email_reminders'), { exact: true })).not.toBeChecked();
  await expect(page.getByLabel(t(lang, 'posted:settings.email_reservations'), { exact: true })).toBeChecked();
});

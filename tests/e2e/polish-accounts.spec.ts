import { formatPhoneNumber } from '../../src/shared/phone-format';
import { OTP_MAX_ATTEMPTS } from '../../src/shared/schemas/users';
import { api, expectOk, guestToken, seedSession, signIn, unique, uniquePhone } from './support/accounts';
import { smsCode } from './support/outbox';
import { expect, test } from './support/test';
import { t } from './support/texts';

/**
 * Issue #11 polish on the phone check: a wrong SMS code says how many tries are left, in the reader's
 * plural, and the number is written the way people read it. Serbian on the phone, Ukrainian on desktop.
 */
test('a wrong SMS code says how many tries are left, and is no console error', async ({ page, baseURL }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const email = `polish-${unique()}@e2e.kuda`;
  const password = `Tamni-Oblak-${unique()}#7`;
  await expectOk(api('POST', '/users/register_email', { token: await guestToken(), body: { email, password }, locale: lang }), 'register');
  const pair = await signIn(email, password);
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await seedSession(page, pair);
  // The app's own console errors; the browser's network line for a 4xx answer is not the app's.
  const appErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) appErrors.push(message.text());
  });

  await page.goto(`/${lang}/verify-phone`);
  const phone = uniquePhone();
  const details = page.getByRole('form', { name: t(lang, 'accounts:phone.detailsTitle') });
  await details.getByRole('textbox', { name: t(lang, 'accounts:fields.firstName'), exact: true }).fill('Olena');
  await details.getByRole('textbox', { name: t(lang, 'accounts:fields.lastName'), exact: true }).fill('Kovalenko');
  await details.getByRole('textbox', { name: t(lang, 'accounts:fields.phone'), exact: true }).fill(phone.typed);
  await details.getByRole('button', { name: t(lang, 'accounts:phone.send') }).click();
  await expect(page.getByText(t(lang, 'accounts:phone.sentTo', { phone: formatPhoneNumber(phone.e164) }))).toBeVisible();

  const code = await smsCode(phone.e164);
  const codeForm = page.getByRole('form', { name: t(lang, 'accounts:phone.codeTitle') });
  const codeField = codeForm.getByRole('textbox', { name: t(lang, 'accounts:fields.code'), exact: true });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await codeForm.getByRole('button', { name: t(lang, 'accounts:phone.verify') }).click();
  // One try spent: said on the field (and in the snackbar, as every refusal is).
  await expect(codeForm.getByText(t(lang, 'errors:code_invalid', { count: OTP_MAX_ATTEMPTS - 1 }))).toBeVisible();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  expect(appErrors).toEqual([]);
});

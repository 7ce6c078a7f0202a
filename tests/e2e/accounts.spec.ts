import type { Page } from '@playwright/test';
import { formatPhoneNumber } from '../../src/shared/phone-format';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/data/accounts';
import { uniqueEmail, uniquePhone } from './support/accounts';
import {
  FAKE_FACEBOOK_USER_COOKIE,
  FAKE_GOOGLE_USER_COOKIE,
  type FakeFacebookUser,
  type FakeGoogleUser,
} from './support/fake-providers-config';
import { mailedLink, smsCode } from './support/outbox';
import { expect, ON_DESKTOP, ON_PHONE, ONE_VIEWPORT, test } from './support/test';
import { ACCOUNT_TEXTS as TEXTS, ERROR_TEXTS as ERRORS } from './support/texts';

/**
 * Accounts, as a person uses them: register, sign in and come back, complete the profile, verify the phone
 * with the SMS code, reserve-eligibility, sign out, delete the account; password reset by e-mail; Google
 * and Facebook sign-in through local fake providers. Texts come from the catalogues, so each journey runs
 * in the language it names.
 */

type Lang = keyof typeof TEXTS;

const PASSWORD = 'Kuda-e2e!2026x';
const NEW_PASSWORD = 'Novi-Kuda#2027y';

const resetLink = (email: string) => mailedLink(email, 'reset-password');

/** A form field by its label; required fields' labels end in an asterisk that is not part of the name. */
// Forms are labelled too ("Nova lozinka" is a form's and its field's name): look only at form controls.
const field = (page: Page, label: string) => page.locator('input, textarea, select').and(page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`)));

async function fillCredentials(page: Page, lang: Lang, email: string, password: string, passwordLabel: 'password' | 'newPassword' = 'password') {
  await field(page, TEXTS[lang].fields.email).fill(email);
  await field(page, TEXTS[lang].fields[passwordLabel]).fill(password);
}

async function signOutFromMenu(page: Page, lang: Lang) {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: TEXTS[lang].menu.signOut }).click();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
}

async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    access: localStorage.getItem('accessToken'),
    refresh: localStorage.getItem('refreshToken'),
    loggedIn: localStorage.getItem('loggedIn'),
  }));
}


for (const lang of ['sr', 'en'] as const) {
  test(`${lang}: register, sign in, complete the profile, verify the phone, sign out, delete the account`, ONE_VIEWPORT[lang], async ({ page, baseURL }) => {
    test.slow();
    const t = TEXTS[lang];
    const email = uniqueEmail(lang);
    const phone = uniquePhone();
    await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);

    // Register: the person is signed in at once and lands on the profile.
    await page.goto(`/${lang}/register`);
    await fillCredentials(page, lang, email, PASSWORD, 'newPassword');
    await page.getByRole('button', { name: t.register.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('account-menu-button')).toBeVisible();

    // Sign out, then sign in from another page and come back to it (passedURL / ?next=).
    const beforeSignOut = await storedTokens(page);
    await signOutFromMenu(page, lang);
    // The fresh guest token arrives right after sign-out.
    await expect.poll(async () => (await storedTokens(page)).access).toBeTruthy();
    const afterSignOut = await storedTokens(page);
    expect(afterSignOut.loggedIn).toBe('false');
    expect(afterSignOut.access).toBeTruthy();
    expect(afterSignOut.access).not.toBe(beforeSignOut.access);
    // The server revoked the signed-out session's refresh family.
    const refused = await page.request.post('/api/v1/auth/refresh_token', { data: { refreshToken: beforeSignOut.refresh } });
    expect(refused.status()).toBe(401);

    await page.goto(`/${lang}/privacy-policy`);
    await page.getByTestId('sign-in-button').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?next=%2F${lang}%2Fprivacy-policy$`));
    await fillCredentials(page, lang, email, PASSWORD);
    await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/privacy-policy$`));
    await expect(page.getByTestId('account-menu-button')).toBeVisible();
    expect((await storedTokens(page)).loggedIn).toBe('true');

    // The profile's checklist says what is missing.
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: t.menu.profile }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
    await expect(page.getByTestId('eligibility-summary')).toHaveText(t.eligibility.notEligible);
    await expect(page.getByTestId('eligibility-sign_in')).toHaveAttribute('data-state', 'done');
    for (const item of ['first_name', 'last_name', 'phone', 'phone_verification']) {
      await expect(page.getByTestId(`eligibility-${item}`)).toHaveAttribute('data-state', 'missing');
    }

    // Edit first and last name.
    await field(page, t.fields.firstName).fill('Ana');
    await field(page, t.fields.lastName).fill('Petrović');
    await page.getByRole('button', { name: t.profile.personal.save }).click();
    await expect(page.getByText(t.profile.saved)).toBeVisible();
    await expect(page.getByTestId('eligibility-first_name')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('eligibility-last_name')).toHaveAttribute('data-state', 'done');

    // Add the phone, receive the code by SMS, see the countdown, enter the code.
    await page.getByRole('link', { name: t.profile.phone.add }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/verify-phone$`));
    await expect(field(page, t.fields.firstName)).toHaveValue('Ana');
    const sentSince = new Date(Date.now() - 1000).toISOString();
    await field(page, t.fields.phone).fill(phone.typed);
    await page.getByRole('button', { name: t.phone.send }).click();
    await expect(page.getByText(t.phone.sentTo.replace('{{phone}}', formatPhoneNumber(phone.e164)))).toBeVisible();
    await expect(page.getByTestId('resend-code')).toBeDisabled();
    await expect(page.getByTestId('resend-code')).toHaveText(/\d+/);
    const code = await smsCode(phone.e164, sentSince);
    // A wrong code first: the server's message lands on the field.
    const wrong = code === '000000' ? '111111' : '000000';
    await field(page, t.fields.code).fill(wrong);
    await page.getByRole('button', { name: t.phone.verify, exact: true }).click();
    await expect(field(page, t.fields.code)).toHaveAttribute('aria-invalid', 'true');
    await field(page, t.fields.code).fill(code);
    await page.getByRole('button', { name: t.phone.verify, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
    await expect(page.getByTestId('phone-verified')).toBeVisible();
    await expect(page.getByTestId('profile-phone')).toHaveText(formatPhoneNumber(phone.e164));

    // Eligible now.
    await expect(page.getByTestId('eligibility-summary')).toHaveText(t.eligibility.eligible);
    for (const item of ['sign_in', 'first_name', 'last_name', 'phone', 'phone_verification', 'account_standing']) {
      await expect(page.getByTestId(`eligibility-${item}`)).toHaveAttribute('data-state', 'done');
    }

    // A reload keeps the person signed in (spec §4: the app asks the server on start).
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('eligibility-summary')).toHaveText(t.eligibility.eligible);

    // Delete the account, after the confirmation dialog.
    await page.getByRole('link', { name: t.profile.danger.delete }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/delete-account$`));
    await field(page, t.fields.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.delete.submit }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t.delete.confirmTitle);
    await dialog.getByRole('button', { name: t.delete.confirm }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}$`));
    await expect(page.getByText(t.delete.done)).toBeVisible();
    await expect(page.getByTestId('sign-in-button')).toBeVisible();
    expect((await storedTokens(page)).loggedIn).toBe('false');

    // The account is gone: its credentials no longer sign in.
    await page.goto(`/${lang}/login`);
    await fillCredentials(page, lang, email, PASSWORD);
    await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    await expect(page.getByText(ERRORS[lang].invalid_credentials)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
  });
}

test('the link e-mailed at registration confirms the address, once (en)', ON_DESKTOP, async ({ page, baseURL }) => {
  const t = TEXTS.en;
  const email = uniqueEmail('verify');
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await page.goto('/en/register');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await fillCredentials(page, 'en', email, PASSWORD, 'newPassword');
  await page.getByRole('button', { name: t.register.submit }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId('email-unverified')).toHaveText(t.profile.email.unverified);

  const link = new URL(await mailedLink(email, 'verify-email'));
  expect(link.pathname).toBe('/en/verify-email');
  const path = `${link.pathname}${link.hash}`;
  await page.goto(`${baseURL}${path}`);
  await expect(page.getByTestId('verify-email-result')).toHaveText(t.verifyEmail.done);
  // The token left the address bar at once.
  await expect(page).toHaveURL(/\/en\/verify-email$/);

  // Single use: the same link again says so (opened from another page: a fragment change alone loads nothing).
  await page.goto('/en/privacy-policy');
  await page.goto(`${baseURL}${path}`);
  await expect(page.getByTestId('verify-email-result')).toHaveText(t.verifyEmail.invalid);
  // The profile now shows the address as proven.
  await page.goto('/en/profile');
  await expect(page.getByTestId('email-verified')).toHaveText(t.profile.email.verified);
});

test('inline validation from the shared schemas, and the server field errors on the fields (en)', ON_PHONE, async ({ page, baseURL }) => {
  const t = TEXTS.en;
  await page.context().addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? '' }]);
  await page.goto('/en/register');
  await field(page, t.fields.email).fill('not-an-e-mail');
  await field(page, t.fields.newPassword).fill('short');
  await page.getByRole('button', { name: t.register.submit }).click();
  await expect(field(page, t.fields.email)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, t.fields.newPassword)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/en\/register$/);

  // An address that already has an account: the server's answer shows on the e-mail field.
  await field(page, t.fields.email).fill(DEMO_ACCOUNTS.user.email);
  await field(page, t.fields.newPassword).fill(PASSWORD);
  await page.getByRole('button', { name: t.register.submit }).click();
  await expect(field(page, t.fields.email)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.MuiFormHelperText-root', { hasText: ERRORS.en.email_taken })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/register$/);
});

test('a private page sends a guest to sign in and back (en)', ON_DESKTOP, async ({ page }) => {
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/login\?next=%2Fen%2Fprofile$/);
  await fillCredentials(page, 'en', DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
  await page.getByRole('button', { name: TEXTS.en.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(DEMO_ACCOUNTS.user.email);
});

test('a foreign ?next= is ignored after signing in (sr)', ON_PHONE, async ({ page }) => {
  await page.goto('/sr/login?next=%2F%2Fevil.example%2Fphish');
  await fillCredentials(page, 'sr', DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
  await page.getByRole('button', { name: TEXTS.sr.login.submit, exact: true }).click();
  // Without a usable next, sign-in lands home, on this site.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/sr\/?$/);
});

test('forgot password: the e-mailed link sets a new password, once (sr)', ON_PHONE, async ({ page, baseURL }) => {
  const t = TEXTS.sr;
  const email = uniqueEmail('reset');
  const registered = await page.request.post('/api/v1/auth/register', { data: { auth: 'client' } });
  const guest = ((await registered.json()) as { access_token: string }).access_token;
  const created = await page.request.post('/api/v1/users/register_email', {
    data: { email, password: PASSWORD },
    headers: { authorization: `Bearer ${guest}` },
  });
  expect(created.status()).toBe(201);

  await page.goto('/sr/login');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('link', { name: t.login.forgot }).click();
  await expect(page).toHaveURL(/\/sr\/forgot-password$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await field(page, t.fields.email).fill(email);
  await page.getByRole('button', { name: t.forgot.submit }).click();
  await expect(page.getByText(t.forgot.sent.replace('{{email}}', email))).toBeVisible();

  const link = new URL(await resetLink(email));
  const path = `${link.pathname}${link.hash}`;
  await page.goto(`${baseURL}${path}`);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/sr\/reset-password$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await field(page, t.fields.newPassword).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: t.reset.submit }).click();
  await expect(page).toHaveURL(/\/sr\/login$/);
  await expect(page.getByText(t.reset.done)).toBeVisible();

  await fillCredentials(page, 'sr', email, NEW_PASSWORD);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();

  // Single use: the same link again is refused.
  await page.goto(`${baseURL}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await field(page, t.fields.newPassword).fill('Mrak-Zvezda#Reka73');
  await page.getByRole('button', { name: t.reset.submit }).click();
  await expect(page.getByText(t.reset.invalid)).toBeVisible();
});

async function setProviderUser(page: Page, baseURL: string | undefined, name: string, user: FakeGoogleUser | FakeFacebookUser) {
  await page.context().addCookies([
    { name, value: encodeURIComponent(JSON.stringify(user)), url: baseURL ?? 'http://127.0.0.1' },
    { name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' },
  ]);
}

test('Google sign-in through the provider and back to the page the person came from (en)', ON_DESKTOP, async ({ page, baseURL }) => {
  const email = uniqueEmail('google');
  await setProviderUser(page, baseURL, FAKE_GOOGLE_USER_COOKIE, { email, given_name: 'Gordana', family_name: 'Gugl' });
  await page.goto('/en/login?next=%2Fen%2Fprivacy-policy');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByTestId('social-google').click();
  // Two redirects, a full page load and a token check on the server: more than one ordinary step.
  await expect(page).toHaveURL(/\/en\/privacy-policy$/, { timeout: 30_000 });
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
  await page.goto('/en/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(field(page, TEXTS.en.fields.firstName)).toHaveValue('Gordana');
});

test('Facebook sign-in through the provider (sr)', ON_PHONE, async ({ page, baseURL }) => {
  const id = String(Date.now()) + String(Math.floor(Math.random() * 1000));
  await setProviderUser(page, baseURL, FAKE_FACEBOOK_USER_COOKIE, { id, email: uniqueEmail('facebook'), first_name: 'Filip', last_name: 'Fejsbuković' });
  await page.goto('/sr/register');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByTestId('social-facebook').click();
  await expect(page).toHaveURL(/\/sr$/, { timeout: 30_000 });
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
  await page.goto('/sr/profile');
  await expect(field(page, TEXTS.sr.fields.lastName)).toHaveValue('Fejsbuković');
});

test('a sign-in cancelled at the provider says so and offers to start again (en)', ON_DESKTOP, async ({ page, baseURL }) => {
  await setProviderUser(page, baseURL, FAKE_GOOGLE_USER_COOKIE, { email: uniqueEmail('cancel'), cancel: true });
  await page.goto('/en/login');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByTestId('social-google').click();
  await expect(page).toHaveURL(/\/en\/auth\/google\/callback$/);
  await expect(page.getByText(TEXTS.en.callback.cancelled)).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
  await page.getByRole('link', { name: TEXTS.en.callback.back }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
});

test('a provider answer this tab did not ask for is refused (en)', ON_PHONE, async ({ page }) => {
  await page.goto('/en/auth/google/callback#id_token=a.b.c&state=forged');
  await expect(page.getByText(TEXTS.en.callback.expired)).toBeVisible();
  await expect(page.getByTestId('sign-in-button')).toBeVisible();
});

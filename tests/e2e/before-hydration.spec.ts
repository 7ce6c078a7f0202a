import type { Browser, Page } from '@playwright/test';
import { clientHeaders } from './support/client-address';
import { expect, test } from './support/test';
import { t, type Locale } from './support/texts';

/**
 * A tap on a slow phone lands before the app's JavaScript has run. These journeys run with JavaScript off,
 * so everything they use must be a link or a form the server answers: the drawer (the menu page), the
 * language menu and the cookie banner. Serbian on the phone, Ukrainian on the desktop.
 */

async function pageWithoutJavaScript(browser: Browser): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
    extraHTTPHeaders: clientHeaders(),
  });
  return context.newPage();
}

test('without JavaScript the cookie banner, the drawer and the language menu all work', async ({ browser }, testInfo) => {
  const lang: Locale = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const page = await pageWithoutJavaScript(browser);
  await page.goto(`/${lang}/`);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null).catch(() => null)).toBeNull();

  // Accept the cookies: the form posts, the server sets the cookie and sends the reader back.
  const banner = page.getByRole('region', { name: t(lang, 'common:consent.label') });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: t(lang, 'common:consent.accept') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/?$`));
  await expect(page.getByRole('region', { name: t(lang, 'common:consent.label') })).toHaveCount(0);
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'kuda_consent');
  expect(consent?.value).toBe('accepted');
  expect(consent?.sameSite).toBe('Lax');
  expect(consent?.path).toBe('/');

  // Open the drawer and follow a link: on the phone the menu button leads to the menu page; the desktop's
  // drawer is always there.
  const about = t(lang, 'common:polishShell.nav.about');
  if (testInfo.project.name === 'phone') {
    await page.getByTestId('drawer-toggle').click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/menu\\?from=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'common:polishShell.menu.title'));
    await page.getByRole('main').getByRole('navigation', { name: t(lang, 'common:nav.label') }).getByRole('link', { name: about }).click();
  } else {
    await page.getByTestId('drawer-desktop').getByRole('link', { name: about }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/${lang}/about$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'common:polishShell.about.title'));

  // Switch language: the switcher leads to the menu page's language list, whose links keep the page.
  await page.getByTestId('language-switcher').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/menu\\?from=.*#language$`));
  await page.locator('#language').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'common:polishShell.about.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.context().close();
});

import type { Request } from '@playwright/test';
import { clientAddress, clientHeaders } from './support/client-address';
import { expect, ON_DESKTOP, ON_PHONE, ONE_VIEWPORT, test } from './support/test';

const HOME_TITLES = {
  sr: 'Događaji u gradu · Kuda',
  en: 'Events in the city · Kuda',
  uk: 'Події в місті · Kuda',
  ru: 'События в городе · Kuda',
} as const;

const CONSENT_TEXT = {
  sr: 'Ovaj sajt koristi kolačiće kako bi poboljšao korisničko iskustvo.',
  en: 'This website uses cookies to enhance the user experience.',
  uk: 'Цей вебсайт використовує файли cookie, щоб покращити досвід користувача.',
  ru: 'Этот сайт использует файлы cookie, чтобы улучшить пользовательский опыт.',
} as const;

for (const [locale, title] of Object.entries(HOME_TITLES)) {
  test(`the ${locale} home page lists real events, in ${locale}`, ONE_VIEWPORT[locale as keyof typeof ONE_VIEWPORT], async ({ page }) => {
    await page.goto(`/${locale}/`);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'sr' ? 'sr-Latn' : locale);
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await expect(page.getByText(CONSENT_TEXT[locale as keyof typeof CONSENT_TEXT])).toBeVisible();
  });
}

test('the bare home page is Serbian', ON_PHONE, async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(HOME_TITLES.sr);
});

test('an unknown first segment falls back to Serbian', ON_DESKTOP, async ({ page }) => {
  await page.goto('/de/');
  await expect(page).toHaveTitle(HOME_TITLES.sr);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn');
});

test('the page arrives server-rendered, with content and title before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: clientHeaders() });
  const page = await context.newPage();
  await page.goto('/en/');
  await expect(page).toHaveTitle(HOME_TITLES.en);
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  await context.close();
});

test('switching language changes the URL, the texts and the stored locale', async ({ page }) => {
  await page.goto('/en/');
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Українська' }).click();
  await expect(page).toHaveURL(/\/uk\/?$/);
  await expect(page).toHaveTitle(HOME_TITLES.uk);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Що відбувається в місті');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('uk');
});

test('the consent banner remembers Accept in a cookie', ON_PHONE, async ({ page, context }) => {
  await page.goto('/en/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'kuda_consent')?.value).toBe('accepted');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('the privacy policy lets one change the cookie choice later', ON_DESKTOP, async ({ page, context }) => {
  await page.goto('/en/privacy-policy');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Change my cookie choice' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'kuda_consent')).toBeUndefined();
});

test('the consent banner remembers Decline too', ON_DESKTOP, async ({ page, context }) => {
  await page.goto('/sr/');
  await page.getByRole('region', { name: 'Saglasnost za kolačiće' }).getByRole('button', { name: 'Odbij' }).click();
  expect((await context.cookies()).find((c) => c.name === 'kuda_consent')?.value).toBe('declined');
});

test('the consent banner is not shown on reservation pages', ON_PHONE, async ({ page }) => {
  await page.goto('/en/reservation/123');
  await expect(page.getByText(CONSENT_TEXT.en)).toHaveCount(0);
});

test('"Learn more" opens the privacy policy in the page language', ON_DESKTOP, async ({ page }) => {
  await page.goto('/ru/');
  await page.getByRole('link', { name: 'Подробнее' }).click();
  await expect(page).toHaveURL(/\/ru\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Политика конфиденциальности');
  await expect(page.getByRole('heading', { name: 'Ваш выбор о cookie' })).toBeVisible();
});

test('/privacy-policy is the Serbian privacy policy', ON_PHONE, async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politika privatnosti');
});

test('the drawer navigates', async ({ page, isMobile }) => {
  await page.goto('/en/');
  if (isMobile) {
    await page.getByTestId('drawer-toggle').click();
    await page.getByTestId('drawer-mobile').getByRole('link', { name: 'Privacy policy' }).click();
  } else {
    await page.getByTestId('drawer-desktop').getByRole('link', { name: 'Privacy policy' }).click();
  }
  await expect(page).toHaveURL(/\/en\/privacy-policy$/);
});

test('an unknown page answers 404 with a translated page', ON_DESKTOP, async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('the navigation stack is kept in sessionStorage', ON_PHONE, async ({ page }) => {
  const stack = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('navigation') ?? '{}')?.state?.stack);
  await page.goto('/en/');
  // The stack is written once the page has hydrated.
  await expect.poll(stack).toEqual(['/en/']);
  await page.goto('/en/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(stack).toEqual(['/en/', '/en/privacy-policy']);
  // Reloading the same path does not push it twice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The next page lands right after it: a second entry for the reloaded path would sit between them.
  await page.goto('/en/search?q=jazz');
  await expect.poll(stack).toEqual(['/en/', '/en/privacy-policy', '/en/search']);
});

test('every request of a test comes from the test’s own client address, page loads and fetches alike', ON_DESKTOP, async ({ page }) => {
  const address = clientAddress();
  const pending: Promise<{ type: string; forwardedFor: string | undefined }>[] = [];
  const record = (request: Request) => {
    if (request.url().startsWith('http://127.0.0.1')) {
      pending.push(request.allHeaders().then((headers) => ({ type: request.resourceType(), forwardedFor: headers['x-forwarded-for'] })));
    }
  };
  page.on('request', record);
  await page.goto('/en/');
  await page.evaluate(() => fetch('/api/v1/health').then((response) => response.status));
  page.off('request', record);
  const seen = await Promise.all(pending);
  expect(seen.map((request) => request.type)).toEqual(expect.arrayContaining(['document', 'fetch']));
  expect(seen.filter((request) => request.forwardedFor !== address)).toEqual([]);
  // Another test (here: the same test's own extra context) would come from the same address, never 127.0.0.1.
  expect(clientHeaders()['X-Forwarded-For']).toBe(address);
});

test('pages carry a CSP that their own scripts satisfy: hashes on cached guest pages, a nonce on pages rendered per request', ON_DESKTOP, async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Caught violations (a library probing for eval, say) never reach the console: listen for the event itself.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`));
  });
  const reported = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const response = await page.goto('/en/');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  // Hydration ran: the language menu answers a click.
  await page.getByTestId('language-switcher').click();
  await expect(page.getByRole('menuitem', { name: 'Srpski' })).toBeVisible();
  expect(await reported()).toEqual([]);
  // A page whose form validates with the shared schemas, rendered per request with a nonce.
  const login = await page.goto('/en/login');
  expect(login?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('textbox', { name: /e-mail/i }).fill('not-an-email');
  await page.getByRole('textbox', { name: /e-mail/i }).blur();
  await expect(page.getByText(/valid e-mail|e-mail address/i).first()).toBeVisible();
  expect(await reported()).toEqual([]);
  expect(violations).toEqual([]);
});

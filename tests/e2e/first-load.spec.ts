import type { Page, Response } from '@playwright/test';
import { expect as baseExpect, test, waitForHydration } from './support/test';
import { type Locale, t } from './support/texts';

/**
 * What a page loads first (issues #11 and #13, docs/performance.md): a public page fetches none of the
 * back office's texts, the event page's picture is fetched at high priority from the HTML itself, and a
 * back-office page still gets its texts, when entered from a public page and when loaded directly,
 * without a hydration mismatch. Serbian on the phone, Ukrainian on the desktop.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const ADMIN = { email: 'admin@kuda.demo', password: 'Admin!2026demo' };
const BACK_OFFICE_NAMESPACES = ['organizer', 'workspace', 'door', 'team', 'admin', 'taxonomy', 'moderation'];
/** A catalogue chunk: a JSON module named after its namespace (a route chunk of the same name imports). */
const CATALOGUE_CHUNK = new RegExp(`/(${BACK_OFFICE_NAMESPACES.join('|')})-[\\w-]{8}\\.js$`);

function language(): Locale {
  return test.info().project.name === 'phone' ? 'sr' : 'uk';
}

/** The back-office catalogues among the scripts the page fetched. */
function backOfficeCatalogues(page: Page): () => Promise<string[]> {
  const seen: Promise<string | null>[] = [];
  page.on('response', (response: Response) => {
    if (!CATALOGUE_CHUNK.test(new URL(response.url()).pathname)) return;
    seen.push(response.text().then((body) => (body.startsWith('import') ? null : response.url()), () => null));
  });
  return async () => (await Promise.all(seen)).filter((url): url is string => url !== null);
}

/** Hydration errors and warnings React prints in the console. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test('a public page loads no back-office texts, and the event picture is fetched first', async ({ page }) => {
  const lang = language();
  const catalogues = backOfficeCatalogues(page);
  await page.goto(`/${lang}/`);
  const eventLink = page.locator(`main a[href^="/${lang}/events/"]`).first();
  const eventPath = await eventLink.getAttribute('href');
  expect(eventPath).toBeTruthy();

  // The event page straight from the server: its hero is in the HTML, eager and at high priority.
  const html = await (await page.request.get(eventPath!)).text();
  const hero = html.match(/<main[\s\S]*?(<img\b[^>]*>)/)?.[1] ?? '';
  expect(hero).toMatch(/fetchpriority="high"/i);
  expect(hero).not.toMatch(/loading="lazy"/i);
  // …and announced in the head, before the scripts, so it is fetched before the HTML has been read through.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="[^"]+"/i);

  await page.goto(eventPath!);
  await expect(page.locator('main img').first()).toBeVisible();
  expect(await catalogues()).toEqual([]);
});

test('the back office gets its texts when entered from a public page and when loaded directly', async ({ page }) => {
  const lang = language();
  const errors = hydrationErrors(page);
  const next = `/${lang}/admin`;
  await page.goto(`/${lang}/login?next=${encodeURIComponent(next)}`);
  const login = page.getByRole('form', { name: t(lang, 'accounts:login.title') });
  await login.getByLabel(t(lang, 'accounts:fields.email')).fill(ADMIN.email);
  await login.getByRole('textbox', { name: t(lang, 'accounts:fields.password'), exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: t(lang, 'accounts:login.submit'), exact: true }).click();
  // Entered from the login page, which holds only the public texts: the admin texts arrive before it is drawn.
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin:dashboard.heading') })).toBeVisible();

  // Loaded directly: the server renders the texts, and the browser hydrates with the same ones.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin:dashboard.heading') })).toBeVisible();
  expect(errors).toEqual([]);
});

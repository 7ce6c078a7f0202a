import { FAKE_MAP_STYLE_URL } from './support/fake-providers-config';
import { expect, test } from './support/test';

/** The centre of Novi Sad: the demo data has venues within a few kilometres of it. */
const NOVI_SAD = { latitude: 45.2551, longitude: 19.8451 };

const TEXTS = {
  sr: { nearMe: 'Blizu mene', map: 'Mapa', mapLabel: 'Mapa događaja', unit: 'km' },
  uk: { nearMe: 'Поруч зі мною', map: 'Мапа', mapLabel: 'Мапа подій', unit: 'км' },
} as const;

test.beforeEach(async ({ context, baseURL }) => {
  // The consent banner is answered up front so it never sits over what the test presses.
  await context.addCookies([{ name: 'kuda_consent', value: 'declined', url: baseURL ?? 'http://127.0.0.1' }]);
});

test('near me sorts the listing by distance, and the map opens an event from its marker', async ({ page, context }, testInfo) => {
  const lang = testInfo.project.name === 'phone' ? 'sr' : 'uk';
  const text = TEXTS[lang];
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(NOVI_SAD);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  const response = await page.goto(`/${lang}/`);
  // The local style's origin is the map origin the CSP allows (security plugin `mapOrigin`).
  expect(response?.headers()['content-security-policy']).toContain(new URL(FAKE_MAP_STYLE_URL).origin);

  await page.getByRole('button', { name: text.nearMe }).click();
  await expect(page).toHaveURL(/[?&]near=45\.255,19\.845(&|$)/);
  await expect(page).toHaveURL(/[?&]sort=distance(&|$)/);

  // Every card says how far it is, in the reader's language, nearest first.
  const distances = page.getByTestId('event-distance');
  await expect(distances.first()).toBeVisible();
  await expect(distances.first()).toContainText(text.unit);
  const kilometres = (await distances.evaluateAll((nodes) => nodes.map((node) => Number((node as HTMLElement).dataset.km)))) as number[];
  expect(kilometres.length).toBeGreaterThan(1);
  expect(kilometres).toEqual([...kilometres].sort((a, b) => a - b));
  expect(kilometres.every((km) => km <= 5)).toBe(true);

  // The map of the same listing: markers (or clusters of them) are there; a marker opens its event's card.
  await page.getByRole('button', { name: text.map }).click();
  const map = page.getByRole('region', { name: text.mapLabel });
  await expect(map.getByTestId('map-point').or(map.getByTestId('map-cluster')).first()).toBeAttached({ timeout: 20_000 });
  // Once maplibre has taken the container (its stylesheet makes it `position: relative`), the map still
  // has its height: a map that collapsed to 0 px drew its markers where nobody could see them.
  await expect(map).toBeVisible();
  expect((await map.boundingBox())?.height).toBeGreaterThan(300);
  const card = page.getByTestId('map-card');
  await expect(async () => {
    if (!(await card.isVisible())) {
      const points = map.getByTestId('map-point');
      const place = page.getByTestId('map-place').getByRole('button');
      // Markers can overlap while the map eases; a dispatched click reaches the one the test means.
      if (await points.count()) await points.first().dispatchEvent('click');
      else if (await place.count()) await place.first().click();
      else await map.getByTestId('map-cluster').first().dispatchEvent('click');
    }
    await expect(card.getByTestId('event-card')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await expect(card.getByRole('heading')).not.toBeEmpty();
  await expect(page.getByTestId('map-failed')).toHaveCount(0);
  expect(blocked).toEqual([]);
});

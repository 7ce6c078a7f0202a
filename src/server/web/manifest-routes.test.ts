import { expect, it } from 'vitest';
import { describeApi } from '../../../tests/support/test-app';
import { BRAND_PRIMARY } from '../../shared/brand';
import { LOCALES } from '../../shared/locales';
import { translate } from '../lib/i18n';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
  shortcuts: { name: string; url: string }[];
}

describeApi('the web app manifest, one per language', (t) => {
  it.each(LOCALES)('%s: names and shortcuts in the language, start URL and icons as installing needs', async (locale) => {
    const response = await t().http(`/${locale}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: translate(locale, 'posted:offline.manifest.name'),
      short_name: translate(locale, 'posted:offline.manifest.shortName'),
      start_url: `/${locale}/?source=pwa`,
      display: 'standalone',
      theme_color: BRAND_PRIMARY,
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: translate(locale, 'posted:offline.manifest.tonight'), url: `/${locale}/?when=today` }),
      expect.objectContaining({ name: translate(locale, 'posted:offline.manifest.reservations'), url: `/${locale}/reservations` }),
    ]);
  });

  it('answers an unchanged manifest with 304, and no other language', async () => {
    const first = await t().http('/en/manifest.webmanifest');
    const etag = first.headers.get('etag')!;
    expect((await t().http('/en/manifest.webmanifest', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await t().http('/de/manifest.webmanifest')).status).toBe(404);
  });
});

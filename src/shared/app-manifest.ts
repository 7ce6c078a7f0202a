import { BRAND_PRIMARY } from './brand';
import type { Locale } from './locales';

/**
 * The installable app's web manifest (issue #12 "Install and offline"), one per language at
 * `/{lang}/manifest.webmanifest` (src/server/web/manifest-routes.ts), linked from every page's head in the
 * page's language. Its texts come from the `posted` catalogue (`offline.manifest.*`).
 */

/** The app's dark background (the favicon's tile, the splash screen while the app starts). */
export const APP_BACKGROUND = '#0f1115';

export const manifestPath = (locale: Locale) => `/${locale}/manifest.webmanifest`;

export interface ManifestTexts {
  name: string;
  shortName: string;
  description: string;
  tonight: string;
  reservations: string;
}

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function appManifest(locale: Locale, texts: ManifestTexts) {
  const home = `/${locale}/`;
  return {
    // One app whatever the language it was installed in (the start URL is the language's home).
    id: '/',
    lang: locale === 'sr' ? 'sr-Latn' : locale,
    dir: 'ltr',
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    // `source=pwa` tells an installed start apart from a visit (analytics), and opens the person's language.
    start_url: `${home}?source=pwa`,
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_PRIMARY,
    background_color: APP_BACKGROUND,
    icons: ICONS,
    shortcuts: [
      { name: texts.tonight, url: `${home}?when=today`, icons: [ICONS[0]] },
      { name: texts.reservations, url: `/${locale}/reservations`, icons: [ICONS[0]] },
    ],
  };
}

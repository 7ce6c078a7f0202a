import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type TOptions } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales';

function localesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // From source: src/server/lib → src/locales; bundled: dist/ → dist/locales (copied by the build).
  for (const candidate of [join(here, '..', '..', 'locales'), join(here, 'locales')]) {
    if (existsSync(join(candidate, DEFAULT_LOCALE))) return candidate;
  }
  throw new Error(`No locales folder near ${here}`);
}

function readResources(dir: string) {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        readdirSync(join(dir, locale))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(join(dir, locale, file), 'utf8'))]),
      ),
    ]),
  );
}

let instance: i18n | undefined;

/** The server's translator: the same catalogues the web uses, all languages loaded once at start. */
export function serverI18n(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.init({
    initAsync: false,
    resources: readResources(localesDir()),
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  instance = created;
  return created;
}

export function translate(locale: Locale, key: string, options: TOptions = {}): string {
  return serverI18n().t(key, { ...options, lng: locale });
}

import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, loadCatalogue, NAMESPACES } from '../../shared/i18n-resources';
import { assertLocale, DEFAULT_LOCALE, type Locale } from '../../shared/locales';

export function createI18n(locale: Locale, catalogue: Catalogue): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    initAsync: false,
    lng: locale,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [locale]: catalogue },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Spec §2: on each route change the matching language data is loaded (its own code-split chunk) and
 * saved as the chosen locale. Throws "Unsupported locale" for anything but sr, en, uk, ru (spec §5).
 */
export async function setLocale(instance: i18n, locale: string): Promise<Locale> {
  const checked = assertLocale(locale);
  if (!instance.hasResourceBundle(checked, 'common')) {
    const catalogue = await loadCatalogue(checked);
    for (const ns of NAMESPACES) instance.addResourceBundle(checked, ns, catalogue[ns], true, true);
  }
  if (instance.language !== checked) await instance.changeLanguage(checked);
  if (typeof window !== 'undefined') {
    try {
      window.localStorage.setItem('locale', checked);
    } catch {
      // Storage can be unavailable (private mode); the URL still carries the language.
    }
  }
  return checked;
}

export { DEFAULT_LOCALE };

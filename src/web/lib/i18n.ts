import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, loadCatalogue, loadNamespace, type Namespace, namespacesForPath, PUBLIC_NAMESPACES } from '../../shared/i18n-resources';
import { assertLocale, DEFAULT_LOCALE, type Locale, localeFromPath } from '../../shared/locales';

/**
 * Fetches a namespace that is not in the store yet from its own chunk, for `useTranslation(ns)` in a part
 * that is not part of the page's own set (the drawer's entries for signed-in people): react-i18next asks
 * i18next to load it and draws again once it is there.
 */
const catalogueChunks: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(assertLocale(language), namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

/** An instance holding `catalogue` (all namespaces on the server, the page's own set in the browser). */
export function createI18n(locale: Locale, catalogue: Partial<Catalogue>): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(catalogueChunks)
    .use(initReactI18next)
    .init({
      initAsync: false,
      lng: locale,
      fallbackLng: false,
      ns: Object.keys(catalogue),
      defaultNS: 'common',
      resources: { [locale]: catalogue },
      // The given namespaces are complete; any other one comes from the backend when first asked for.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return instance;
}

/** Adds the namespaces of `locale` that the instance does not hold yet. */
export async function ensureNamespaces(instance: i18n, locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !instance.hasResourceBundle(locale, ns));
  if (missing.length === 0) return;
  const catalogue = await loadCatalogue(locale, missing);
  for (const ns of missing) instance.addResourceBundle(locale, ns, catalogue[ns], true, true);
}

let browserInstance: i18n | null = null;

/**
 * The browser's one instance, holding only what the page at `pathname` needs (issue #13): public pages
 * load no back-office texts. Loaded before hydration, so the first render matches the server's HTML.
 */
export async function createBrowserI18n(pathname: string): Promise<i18n> {
  const locale = localeFromPath(pathname);
  browserInstance = createI18n(locale, await loadCatalogue(locale, namespacesForPath(pathname)));
  return browserInstance;
}

/** Whether the browser already holds every namespace the page at `pathname` draws (true outside a browser). */
export function routeNamespacesReady(pathname: string): boolean {
  const instance = browserInstance;
  if (!instance) return true;
  const locale = localeFromPath(pathname);
  return namespacesForPath(pathname).every((ns) => instance.hasResourceBundle(locale, ns));
}

/** Loads what the page at `pathname` needs before it is drawn (the root's clientLoader, on navigation). */
export async function ensureRouteNamespaces(pathname: string): Promise<void> {
  if (browserInstance) await ensureNamespaces(browserInstance, localeFromPath(pathname), namespacesForPath(pathname));
}

/**
 * Spec §2: on each route change the matching language data is loaded (its own code-split chunks: the
 * namespaces the current language has, so a back-office page keeps its texts) and saved as the chosen
 * locale. Throws "Unsupported locale" for anything but sr, en, uk, ru (spec §5).
 */
export async function setLocale(instance: i18n, locale: string): Promise<Locale> {
  const checked = assertLocale(locale);
  const current = instance.language;
  const held = current ? (Object.keys(instance.store.data[current] ?? {}) as Namespace[]) : [];
  await ensureNamespaces(instance, checked, [...new Set<Namespace>([...PUBLIC_NAMESPACES, ...held])]);
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

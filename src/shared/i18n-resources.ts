import { type Locale, localeFromPath } from './locales';

/**
 * Catalogues: one folder per language, one JSON file per namespace (STYLE 23). The namespaces list is
 * the single place a new catalogue file is registered; the parity test reads the same folders.
 */
export const NAMESPACES = ['common', 'errors', 'discovery', 'reservations', 'organizer', 'accounts', 'workspace', 'door', 'team', 'admin', 'taxonomy', 'moderation', 'reports', 'posted'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Catalogue = Record<Namespace, Record<string, unknown>>;

/**
 * What the public pages draw (issue #13): the app shell, listings, event and venue pages, reservations,
 * accounts, and the report button of event and venue pages. The back-office namespaces (organizer,
 * workspace, door, team, admin, taxonomy, moderation; some 35 KB of JSON per language) load only for a
 * back-office page, or when a shell part for signed-in people first asks for one (lib/i18n.ts).
 */
export const PUBLIC_NAMESPACES = ['common', 'errors', 'discovery', 'reservations', 'accounts', 'reports', 'posted'] as const satisfies readonly Namespace[];

/** The back office's paths, after the language segment: the organizer workspace and the admin pages. */
const BACK_OFFICE = /^\/(?:organizer|admin)(?:\/|$)/;

/**
 * The namespaces a page needs before it is drawn, from its path alone: the browser must know them before
 * hydration, when no route module has loaded yet. A back-office page gets every namespace (its screens
 * mix several, and only people at work there pay for it).
 */
export function namespacesForPath(pathname: string): readonly Namespace[] {
  const locale = localeFromPath(pathname);
  const rest = pathname.startsWith(`/${locale}/`) || pathname === `/${locale}` ? pathname.slice(locale.length + 1) || '/' : pathname;
  return BACK_OFFICE.test(rest) ? NAMESPACES : PUBLIC_NAMESPACES;
}

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads one namespace of one language; Vite code-splits each into its own chunk. */
export async function loadNamespace(locale: Locale, ns: string): Promise<Record<string, unknown>> {
  const load = loaders[`../locales/${locale}/${ns}.json`];
  if (!load) throw new Error(`Missing catalogue ${locale}/${ns}`);
  return (await load()).default;
}

/** Loads the given namespaces of one language (by default all of them, as the server keeps them). */
export async function loadCatalogue(locale: Locale, namespaces: readonly Namespace[] = NAMESPACES): Promise<Partial<Catalogue>> {
  const entries = await Promise.all(namespaces.map(async (ns) => [ns, await loadNamespace(locale, ns)] as const));
  return Object.fromEntries(entries) as Partial<Catalogue>;
}

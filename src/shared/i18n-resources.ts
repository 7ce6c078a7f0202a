import type { Locale } from './locales';

/**
 * Catalogues: one folder per language, one JSON file per namespace (STYLE 23). The namespaces list is
 * the single place a new catalogue file is registered; the parity test reads the same folders.
 */
export const NAMESPACES = ['common', 'errors', 'discovery', 'reservations', 'organizer', 'accounts', 'workspace', 'door', 'team', 'admin', 'taxonomy', 'moderation', 'reports'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Catalogue = Record<Namespace, Record<string, unknown>>;

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Loads one language's catalogues; Vite code-splits each language into its own chunks. */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = loaders[`../locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`Missing catalogue ${locale}/${ns}`);
      return [ns, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries) as Catalogue;
}

import { useRouteLoaderData } from 'react-router';
import type { Consent } from '../../shared/consent';
import type { Category } from '../../shared/schemas/catalog';

/**
 * What the root loader gives every page. Declared here, not inferred from root.tsx, so the shell, features
 * and routes can read it without importing the root module (which imports them).
 */
export interface RootData {
  consent: Consent;
  analyticsUrl: string | null;
  /** The MapLibre style of the venue map picker (MAP_STYLE_URL): a public URL, never a secret. */
  mapStyleUrl: string;
  nonce?: string;
  /** The drawer on every page links the categories (server-rendered, so crawlers follow them too). */
  categories: Category[];
  /** The app bar's city choice (issue 11): every city of GET /cities named in the page's language … */
  cities: { slug: string; name: string }[];
  /** … and the one the page shows: `?city=` when it names one, else the remembered city; null = all. */
  city: string | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

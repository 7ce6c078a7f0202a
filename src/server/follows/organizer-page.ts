import { eq } from 'drizzle-orm';
import { VENUE_PAGE_SIZE } from '../../shared/catalog-limits';
import type { Locale } from '../../shared/locales';
import { organizerPath } from '../../shared/paths';
import type { OrganizerPage } from '../../shared/schemas/follows';
import type { CatalogService } from '../catalog/catalog-service';
import { alternates } from '../catalog/event-mapping';
import type { DbOrTx } from '../db/client';
import { organizers } from '../db/schema';
import { absoluteUrl } from '../seo/json-ld';

/** Organizer ids are 32-bit (serial): a larger one names nobody, and PostgreSQL would refuse to compare it. */
const MAX_INT4 = 2_147_483_647;

/**
 * The public organizer page (issue 12): there was none, and following an organizer needs a page to follow it
 * on. Public and the same for everyone (the page cache serves it to all guests): whether the reader
 * follows is learned in the browser after hydration. Its events are the catalogue's listing
 * (`GET /events?organizer=…`), so further pages load with the same call.
 */
export async function organizerPage(
  deps: { db: DbOrTx; catalog: CatalogService },
  input: { id: number; locale: Locale; origin?: string },
): Promise<OrganizerPage | null> {
  const { id, locale } = input;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) return null;
  const [row] = await deps.db
    .select({ id: organizers.id, slug: organizers.slug, name: organizers.name, website: organizers.website })
    .from(organizers)
    .where(eq(organizers.id, id));
  if (!row) return null;
  const page = await deps.catalog.listEvents({ locale, organizer: row.id, limit: VENUE_PAGE_SIZE });
  const origin = deps.catalog.origin(input.origin);
  const path = organizerPath(locale, row);
  const canonicalUrl = absoluteUrl(origin, path);
  return {
    organizer: row,
    events: page.items,
    next_cursor: page.next_cursor,
    path,
    canonical_url: canonicalUrl,
    alternates: alternates(origin, (lang) => organizerPath(lang, row)),
    json_ld: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: row.name,
      url: canonicalUrl,
      ...(row.website ? { sameAs: [row.website] } : {}),
    },
  };
}

/**
 * Public paths (DESIGN §3); the sitemap, the server's JSON-LD and the pages use the same ones.
 *
 * Kept apart from the schemas on purpose: this module imports nothing, so a page that only links to events
 * does not pull zod into the browser (DESIGN §13, first-load JavaScript budget).
 */

/** The public path of an event page (DESIGN §3: readable slug, then the id). */
export function eventPath(locale: string, event: { slug: string; id: number }) {
  return `/${locale}/events/${event.slug}-${event.id}`;
}

export function venuePath(locale: string, venue: { slug: string; id: number }) {
  return `/${locale}/venues/${venue.slug}-${venue.id}`;
}

/** The public page of an organizer (issue 12): who runs the events, with their upcoming ones. */
export function organizerPath(locale: string, organizer: { slug: string; id: number }) {
  return `/${locale}/organizers/${organizer.slug}-${organizer.id}`;
}

export function categoryPath(locale: string, category: { slug: string }, subcategory?: { slug: string } | null) {
  return `/${locale}/categories/${category.slug}${subcategory ? `/${subcategory.slug}` : ''}`;
}

/** The numeric id at the end of a "{slug}-{id}" path segment, or null. */
export function idFromSlugParam(param: string | undefined): number | null {
  const match = /(?:^|-)(\d{1,15})$/.exec(param ?? '');
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`: characters that could close the script
 * element or break the line are escaped, so event text can never inject markup.
 */
export function jsonLdScriptContent(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

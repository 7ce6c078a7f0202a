import { LOCALES, type Locale } from '../../shared/locales';
import { categoryPath, eventPath, venuePath } from '../../shared/paths';
import type { Db, DbOrTx } from '../db/client';
import * as repo from '../catalog/catalog-repository';
import { DAY_MS } from '../../shared/constants';

/**
 * sitemap.xml (DESIGN §5): every public page in every language, each with its hreflang alternates. The
 * protocol allows 50,000 URLs per file; past that /sitemap.xml becomes a sitemap index whose parts are
 * /sitemaps/pages.xml and /sitemaps/events-{n}.xml.
 */

export const MAX_URLS_PER_SITEMAP = 50_000;
/** Events per events part: 4 URLs each, well under the limit and a few MB of XML. */
export const EVENTS_PER_PART = 10_000;
/** Event pages stay listed for a month after they start. */
const EVENT_RETENTION_DAYS = 30;

export interface SitemapPage {
  /** The page's path in a given language. */
  path: (locale: Locale) => string;
  lastmod?: Date;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function urlEntries(origin: string, page: SitemapPage): string {
  const links = [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: origin + page.path(locale) })),
    { hreflang: 'x-default', href: origin + page.path('sr') },
  ]
    .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
    .join('');
  const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : '';
  return LOCALES.map((locale) => `<url><loc>${escapeXml(origin + page.path(locale))}</loc>${lastmod}${links}</url>`).join('\n');
}

export function urlset(origin: string, pages: SitemapPage[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    pages.map((page) => urlEntries(origin, page)).join('\n') +
    '\n</urlset>\n'
  );
}

export function sitemapIndex(origin: string, parts: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    parts.map((part) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${part}`)}</loc></sitemap>`).join('\n') +
    '\n</sitemapindex>\n'
  );
}

function eventsSince(now: Date): Date {
  return new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);
}

/** Home, the fixed pages (privacy policy, about, terms, contact), categories, subcategories and venues. */
export async function staticPages(db: Db): Promise<SitemapPage[]> {
  const [cats, subs, venueRows] = await Promise.all([
    repo.listCategories(db),
    repo.listSubcategories(db),
    repo.listVenuesForSitemap(db),
  ]);
  return [
    { path: (locale: Locale) => `/${locale}/` },
    ...['privacy-policy', 'about', 'terms', 'contact'].map((page) => ({ path: (locale: Locale) => `/${locale}/${page}` })),
    ...cats.map((category) => ({ path: (locale: Locale) => categoryPath(locale, category) })),
    ...subs.flatMap((sub) => {
      const category = cats.find((c) => c.id === sub.categoryId);
      return category ? [{ path: (locale: Locale) => categoryPath(locale, category, sub) }] : [];
    }),
    ...venueRows.map((venue) => ({ path: (locale: Locale) => venuePath(locale, venue) })),
  ];
}

/** Event pages in id order, `limit` events after `afterId`. */
export async function eventPages(db: DbOrTx, input: { now: Date; afterId: number; limit: number }): Promise<SitemapPage[]> {
  const rows = await repo.listSitemapEvents(db, { since: eventsSince(input.now), afterId: input.afterId, limit: input.limit });
  return rows.map((row) => ({ path: (locale: Locale) => eventPath(locale, { slug: row.slug, id: Number(row.id) }), lastmod: row.updatedAt }));
}

export type SitemapDocument = { kind: 'urlset' | 'index'; xml: string };

/** /sitemap.xml: the whole site when it fits in one file, else the index of its parts. */
export async function rootSitemap(db: Db, origin: string, now: Date): Promise<SitemapDocument> {
  const [pages, eventCount] = await Promise.all([staticPages(db), repo.countSitemapEvents(db, eventsSince(now))]);
  const total = (pages.length + eventCount) * LOCALES.length;
  if (total <= MAX_URLS_PER_SITEMAP) {
    const events = await eventPages(db, { now, afterId: 0, limit: eventCount + 1 });
    return { kind: 'urlset', xml: urlset(origin, [...pages, ...events]) };
  }
  const parts = ['pages.xml'];
  for (let part = 1; part <= Math.ceil(eventCount / EVENTS_PER_PART); part += 1) parts.push(`events-${part}.xml`);
  return { kind: 'index', xml: sitemapIndex(origin, parts) };
}

/**
 * One part of a split sitemap. Event parts are numbered in id order, EVENTS_PER_PART each; ids are
 * found with a keyset walk over ids, so part n costs n small index scans, never an OFFSET.
 */
export async function sitemapPart(db: Db, origin: string, now: Date, name: string): Promise<string | null> {
  if (name === 'pages') return urlset(origin, await staticPages(db));
  const match = /^events-(\d{1,4})$/.exec(name);
  if (!match) return null;
  const part = Number(match[1]);
  if (part < 1) return null;
  let afterId = 0;
  for (let skipped = 1; skipped < part; skipped += 1) {
    const rows = await repo.listSitemapEvents(db, { since: eventsSince(now), afterId, limit: EVENTS_PER_PART });
    if (rows.length < EVENTS_PER_PART) return null;
    afterId = Number(rows[rows.length - 1]!.id);
  }
  const pages = await eventPages(db, { now, afterId, limit: EVENTS_PER_PART });
  return pages.length ? urlset(origin, pages) : null;
}

/** robots.txt: everything public is crawlable; the API, account and reservation pages are not. */
export function robotsTxt(origin: string): string {
  const privatePaths = [
    'login',
    'register',
    'forgot-password',
    'reset-password',
    'verify-email',
    'profile',
    'verify-phone',
    'delete-account',
    'auth/',
    'reservation',
    'organizer',
    'search',
  ];
  const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/'];
  for (const path of privatePaths) lines.push(`Disallow: /${path}`, `Disallow: /*/${path}`);
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '');
  return lines.join('\n');
}

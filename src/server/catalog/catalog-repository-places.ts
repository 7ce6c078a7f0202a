import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, cities, events, searchWords, subcategories, tags, taxonomySlugHistory, venues } from '../db/schema';
import { titleMatches } from './catalog-repository-columns';

/**
 * The catalogue's reads around its events: the taxonomy (categories, tags, cities), venues (search, near a
 * point, in a city, one venue), the search's word list, and what the sitemap pages through. Listings of
 * events are in catalog-repository.ts, which answers for both.
 */

/**
 * Normalised search words (search-normalize.ts: [a-z0-9]+ only, anything else is refused) as one bound
 * text[] parameter: the statement's text is then the same for every search, so the embedded database
 * parses it once (pglite-statements.ts); written into the text, the words made each search's lookup a
 * statement of its own (150 parses for 150 first searches, docs/performance.md).
 */
function wordArray(words: readonly string[]): SQL {
  for (const word of words) if (!/^[a-z0-9]+$/.test(word)) throw new Error(`Not a normalised word: ${word}`);
  return sql`${sql.param(words)}::text[]`;
}

/*
 * The public taxonomy: hidden entries (0013) are left out here, once, so they leave the menus, the listing
 * filters, search suggestions, the home rows and the sitemap alike; a hidden category takes its
 * subcategories with it. Their events keep them and stay reachable at their own pages.
 */
export function listCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, icon: categories.icon })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** Every category's name, hidden ones too (their events still list under them): the names on cards. */
export function listCategoryNames(db: DbOrTx) {
  return db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
}

export function listSubcategories(db: DbOrTx) {
  return db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug, name: subcategories.name })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(and(eq(subcategories.hidden, false), eq(categories.hidden, false)))
    .orderBy(asc(subcategories.position), asc(subcategories.id));
}

export function listTags(db: DbOrTx) {
  return db.select({ id: tags.id, slug: tags.slug, name: tags.name }).from(tags).where(eq(tags.hidden, false)).orderBy(asc(tags.position), asc(tags.id));
}

/** Every slug a category, subcategory or tag gave up, and the entry it leads to now (0013). */
export function listSlugHistory(db: DbOrTx) {
  return db
    .select({ kind: taxonomySlugHistory.kind, scope: taxonomySlugHistory.scope, oldSlug: taxonomySlugHistory.oldSlug, targetId: taxonomySlugHistory.targetId })
    .from(taxonomySlugHistory);
}

export function listCities(db: DbOrTx) {
  return db.select({ id: cities.id, slug: cities.slug, name: cities.name }).from(cities).orderBy(asc(cities.id));
}
/** The columns of a venue a search shows (searchVenues, and the venue index that answers for it). */
const venueMatchColumns = {
  id: venues.id,
  slug: venues.slug,
  name: venues.name,
  nameI18n: venues.nameI18n,
  locality: venues.locality,
  citySlug: cities.slug,
  cityName: cities.name,
};

export async function searchVenues(db: DbOrTx, input: { expanded: string; strict: string; limit: number }) {
  const tier = sql<number>`CASE WHEN ${venues.searchVector} @@ to_tsquery('simple', ${input.strict}) THEN 0 ELSE 1 END`;
  return db
    .select({ ...venueMatchColumns, tier: tier.as('tier') })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(sql`${venues.searchVector} @@ to_tsquery('simple', ${input.expanded})`)
    .orderBy(sql`tier`, asc(venues.name), asc(venues.id))
    .limit(input.limit);
}

/**
 * Every venue with the words searchVenues matches against (its stored search vector's lexemes), in the
 * order searchVenues sorts a tier in (name, then id, in the database's collation): the venue index
 * (venue-index.ts) keeps that order, so it need not know the collation.
 */
export async function venueIndexRows(db: DbOrTx) {
  return db
    .select({ ...venueMatchColumns, words: sql<string>`array_to_string(tsvector_to_array(${venues.searchVector}), ' ')` })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .orderBy(asc(venues.name), asc(venues.id));
}

/**
 * For each query word, the nearest indexed words by trigram distance (GiST KNN, no threshold setting
 * needed), kept when their similarity reaches `minSimilarity`; per word, the nearest first (the spelling
 * suggestion takes it).
 */
export async function similarWords(db: DbOrTx, words: string[], input: { perWord: number; minSimilarity: number }) {
  if (words.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT t.word AS token, w.word AS similar
    FROM unnest(${wordArray(words)}) AS t(word)
    CROSS JOIN LATERAL (
      SELECT sw.word FROM search_words sw ORDER BY sw.word <-> t.word LIMIT ${input.perWord}
    ) AS w
    WHERE similarity(w.word, t.word) >= ${input.minSimilarity}
    ORDER BY t.word, similarity(w.word, t.word) DESC, w.word`)) as unknown as { rows: { token: string; similar: string }[] };
  return result.rows;
}

/** Every word of the typo dictionary, for near words computed in memory (near-words.ts). */
export async function allSearchWords(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ word: searchWords.word }).from(searchWords);
  return rows.map((row) => row.word);
}

/** Titles of a few upcoming published events holding `word` (a normalised word) in a title: how people write it. */
export async function titlesWithWord(db: DbOrTx, word: string, input: { from: Date; limit: number }) {
  if (!/^[a-z0-9]+$/.test(word)) return [];
  return db
    .select({ title: events.title })
    .from(events)
    // Through the title index (titleMatches): a word in no upcoming title must not walk every date to say so.
    .where(and(eq(events.published, true), gte(events.startsAt, input.from), titleMatches(`${word}:A`)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(input.limit);
}

/** The venues within `radiusKm` of a point (bounding box on the index, then the haversine distance). */
export async function venueIdsNear(db: DbOrTx, input: { lat: number; lng: number; radiusKm: number }) {
  const dLat = input.radiusKm / 111.2;
  const dLng = input.radiusKm / (111.2 * Math.max(Math.cos((input.lat * Math.PI) / 180), 0.01));
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(
      and(
        sql`${venues.lat} BETWEEN ${input.lat - dLat} AND ${input.lat + dLat}`,
        sql`${venues.lng} BETWEEN ${input.lng - dLng} AND ${input.lng + dLng}`,
        sql`6371 * 2 * asin(sqrt(
          power(sin(radians(${venues.lat} - ${input.lat}) / 2), 2)
          + cos(radians(${input.lat})) * cos(radians(${venues.lat})) * power(sin(radians(${venues.lng} - ${input.lng}) / 2), 2)
        )) <= ${input.radiusKm}`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function venueIdsInCity(db: DbOrTx, cityId: number) {
  const rows = await db.select({ id: venues.id }).from(venues).where(eq(venues.cityId, cityId));
  return rows.map((row) => row.id);
}

export async function findVenue(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: venues.id,
      slug: venues.slug,
      name: venues.name,
      nameI18n: venues.nameI18n,
      description: venues.description,
      streetAddress: venues.streetAddress,
      postalCode: venues.postalCode,
      locality: venues.locality,
      country: venues.country,
      lat: venues.lat,
      lng: venues.lng,
      website: venues.website,
      citySlug: cities.slug,
      cityName: cities.name,
    })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId))
    .where(eq(venues.id, id))
    .limit(1);
  return row;
}

/** Pages the sitemap lists: published events from `since` on, in id order, a chunk at a time. */
export function listSitemapEvents(db: DbOrTx, input: { since: Date; afterId: number; limit: number }) {
  return db
    .select({ id: events.id, slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.published, true), gte(events.startsAt, input.since), sql`${events.id} > ${input.afterId}`))
    .orderBy(asc(events.id))
    .limit(input.limit);
}

export async function countSitemapEvents(db: DbOrTx, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.published, true), gte(events.startsAt, since)));
  return Number(row?.count ?? 0);
}

export function listVenuesForSitemap(db: DbOrTx) {
  return db.select({ id: venues.id, slug: venues.slug }).from(venues).orderBy(asc(venues.id));
}

import { asc, eq, sql } from 'drizzle-orm';
import type { LocalizedText } from '../src/shared/locales';
import { eventSearchTexts } from '../src/server/catalog/search-text';
import type { Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { categories, cities, eventTags, events, organizers, subcategories, tags, venues } from '../src/server/db/schema';
import { buildDemoProgramme, mulberry32, seedDemo, type EventDraft } from '../src/server/db/seed/seed';

/**
 * The bench data set (DESIGN §11): the demo catalogue (taxonomy, venues, organizers, accounts, a few
 * hundred events) through the normal seed, then demo programmes built with other random seeds and moved
 * across a year until there are `total` events: realistic texts in four languages for search to index.
 *
 * The bulk part loads like any bulk load: user triggers off and secondary indexes dropped, search vectors
 * computed by eventSearchTexts() (the trigger's tested twin), then indexes rebuilt, the typo dictionary
 * filled in one statement, and statistics gathered. The served database ends up as the triggers would
 * have left it.
 */

const CHUNK = 1_000;
const DISTINCT_PROGRAMMES = 24;

export async function generateCatalog(database: Database, total: number, log: (line: string) => void): Promise<number> {
  await migrate(database);
  const now = new Date();
  await seedDemo(database, { now });
  const db = database.db;

  const categoryRows = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
  const subRows = await db.select({ id: subcategories.id, slug: subcategories.slug, categoryId: subcategories.categoryId, name: subcategories.name }).from(subcategories);
  const venueRows = await db
    .select({ id: venues.id, slug: venues.slug, name: venues.name, locality: venues.locality, cityName: cities.name })
    .from(venues)
    .innerJoin(cities, eq(cities.id, venues.cityId));
  const organizerRows = await db.select({ id: organizers.id, slug: organizers.slug }).from(organizers);
  const tagRows = await db.select({ id: tags.id, slug: tags.slug, name: tags.name }).from(tags).orderBy(asc(tags.position), asc(tags.id));
  const categoryBySlug = new Map(categoryRows.map((r) => [r.slug, r]));
  const subBy = new Map(subRows.map((r) => [`${r.categoryId}/${r.slug}`, r]));
  const venueBySlug = new Map(venueRows.map((r) => [r.slug, r]));
  const organizerIds = new Map(organizerRows.map((r) => [r.slug, r.id]));

  const count = async () => {
    const result = (await db.execute(sql`SELECT count(*)::int AS n FROM events`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  let inserted = await count();
  if (inserted >= total) return inserted;

  const indexes = (await db.execute(sql`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN ('events', 'event_tags') AND indexname NOT LIKE '%_pkey'`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  // ALL also skips the foreign-key checks (the rows are consistent by construction) but needs a
  // superuser; USER is the fallback.
  let triggers = 'ALL';
  try {
    await database.exec('ALTER TABLE events DISABLE TRIGGER ALL; ALTER TABLE event_tags DISABLE TRIGGER ALL');
  } catch {
    triggers = 'USER';
    await database.exec('ALTER TABLE events DISABLE TRIGGER USER; ALTER TABLE event_tags DISABLE TRIGGER USER');
  }
  await database.exec(indexes.rows.map((index) => `DROP INDEX IF EXISTS "${index.indexname}"`).join(';\n'));

  const startedAt = performance.now();
  let round = 0;
  const distinct: EventDraft[][] = [];
  try {
    while (inserted < total) {
      round += 1;
      // Spread programmes over the coming year (each covers about two months from its own "now"), reusing a
      // few distinct ones with their dates moved, since building one costs more than writing it.
      const shift = (round % 26) * 14 * 86_400_000;
      const base = distinct[round % DISTINCT_PROGRAMMES] ?? buildDemoProgramme(now, mulberry32(1_000 + round));
      distinct[round % DISTINCT_PROGRAMMES] = base;
      const programme = base.slice(0, total - inserted);
      for (let offset = 0; offset < programme.length; offset += CHUNK) {
        const chunk = programme.slice(offset, offset + CHUNK);
        const values = chunk.map((e) => {
          const category = categoryBySlug.get(e.category)!;
          const sub = subBy.get(`${category.id}/${e.subcategory}`);
          const venue = e.venueSlug ? venueBySlug.get(e.venueSlug) : undefined;
          const eventTagRows = tagRows.filter((tag) => (e.tags as readonly string[]).includes(tag.slug));
          const texts = eventSearchTexts({
            title: e.title,
            performers: e.performers,
            venue: venue ? { name: venue.name, locality: venue.locality, cityName: venue.cityName as LocalizedText } : null,
            categoryName: category.name,
            subcategoryName: sub?.name ?? null,
            tagNames: eventTagRows.map((tag) => tag.name),
          });
          return {
            slug: e.slug,
            title: e.title,
            description: e.description,
            categoryId: category.id,
            subcategoryId: sub?.id ?? null,
            venueId: venue?.id ?? null,
            organizerId: organizerIds.get(e.organizerSlug) ?? null,
            startsAt: new Date(e.startsAt.getTime() + shift),
            endsAt: new Date(e.endsAt.getTime() + shift),
            status: e.status,
            attendanceMode: e.attendanceMode,
            onlineUrl: e.onlineUrl,
            images: e.images,
            performers: e.performers,
            priceMin: e.priceMin,
            priceMax: e.priceMax,
            offerCount: e.offerCount,
            reservable: e.reservable,
            searchVector: sql`setweight(to_tsvector('simple', ${texts.a}), 'A') || setweight(to_tsvector('simple', ${texts.b}), 'B')`,
            tagIds: eventTagRows.map((tag) => tag.id),
          };
        });
        const ids = await db
          .insert(events)
          .values(values.map(({ tagIds: _tagIds, ...row }) => row))
          .returning({ id: events.id });
        const links = values.flatMap((value, index) => value.tagIds.map((tagId) => ({ eventId: Number(ids[index]!.id), tagId })));
        if (links.length) await db.insert(eventTags).values(links);
      }
      inserted += programme.length;
      if (round % 50 === 0) log(`    … ${inserted} events (${Math.round((performance.now() - startedAt) / 1000)} s)`);
    }
  } finally {
    log('    rebuilding indexes, the typo dictionary and statistics');
    await database.exec(
      [
        `ALTER TABLE events ENABLE TRIGGER ${triggers}`,
        `ALTER TABLE event_tags ENABLE TRIGGER ${triggers}`,
        ...indexes.rows.map((index) => index.indexdef),
        `INSERT INTO search_words (word)
           SELECT w FROM (SELECT DISTINCT unnest(tsvector_to_array(search_vector)) AS w FROM events) AS found
           WHERE length(w) BETWEEN 3 AND 40 ON CONFLICT DO NOTHING`,
        'ANALYZE',
      ].join(';\n'),
    );
  }
  return inserted;
}

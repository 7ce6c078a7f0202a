import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { hashPassword } from '../../users/passwords';
import type { Database, DbOrTx } from '../client';
import {
  accounts as accountRows,
  categories,
  cities,
  eventTags,
  events,
  organizerMembers,
  organizers,
  subcategories,
  tags,
  venues,
} from '../schema';
import { DEMO_ACCOUNTS, type DemoAccount } from './data/accounts';
import { DEMO_ORGANIZER_SLUG, ORGANIZERS } from './data/organizers';
import { DEFAULT_RANDOM_SEED } from './data/rules';
import { CATEGORIES, CITIES, TAGS } from './data/taxonomy';
import { VENUES } from './data/venues';
import { WORKSPACE_VENUES } from './data/workspace';
import { buildDemoProgramme } from './seed-programme';
import { mulberry32 } from './seed-random';

// The programme is built in seed-programme.ts from the seeded source of seed-random.ts; this file writes it.
export { buildDemoProgramme, type EventDraft } from './seed-programme';
export { mulberry32 } from './seed-random';

/** Any constant works; it keeps instances that start together from seeding twice. */
const SEED_LOCK_KEY = 4_711_003;
const EVENT_CHUNK = 200;
const EVENT_TAG_CHUNK = 1000;

export interface SeedOptions {
  /** The moment the programme is built around: tonight's events start later that day, the others 2 h … 60 days after it. */
  now?: Date;
  /** A random source in [0, 1); defaults to mulberry32 with a fixed seed. */
  random?: () => number;
}

export interface SeedCounts {
  events: number;
  venues: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function requireId(map: Map<string, number>, key: string, what: string): number {
  const id = map.get(key);
  if (id === undefined) throw new Error(`Seed: unknown ${what} "${key}"`);
  return id;
}

async function hashAccounts(now: Date) {
  const accounts: DemoAccount[] = Object.values(DEMO_ACCOUNTS);
  return Promise.all(
    accounts.map(async (account) => ({
      account,
      row: {
        id: randomUUID(),
        email: account.email,
        // Demo addresses count as proven (nobody else can claim them).
        emailVerifiedAt: now,
        passwordHash: await hashPassword(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber ?? null,
        phoneVerifiedAt: account.phoneNumber ? now : null,
        role: account.role,
        locale: account.locale,
      } satisfies typeof accountRows.$inferInsert,
    })),
  );
}

/** True when the catalogue has no categories yet (the seed's "empty database" test). */
export async function isCatalogEmpty(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length === 0;
}

async function writeDemo(database: Database, options: SeedOptions, onlyIfEmpty: boolean): Promise<SeedCounts | null> {
  const now = options.now ?? new Date();
  const programme = buildDemoProgramme(now, options.random ?? mulberry32(DEFAULT_RANDOM_SEED));
  const accounts = await hashAccounts(now);

  return database.db.transaction(async (tx) => {
    // Serialises concurrent seeders; the lock ends with the transaction.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (onlyIfEmpty && !(await isCatalogEmpty(tx))) return null;

    const cityRows = await tx
      .insert(cities)
      .values(CITIES.map((c) => ({ slug: c.slug, name: c.name, timeZone: c.timeZone })))
      .returning({ id: cities.id, slug: cities.slug });
    const cityIds = new Map(cityRows.map((r) => [r.slug, r.id]));

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, icon: c.icon, position })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((r) => [r.slug, r.id]));

    const subcategoryRows = await tx
      .insert(subcategories)
      .values(
        CATEGORIES.flatMap((c) =>
          c.subcategories.map((s, position) => ({
            categoryId: requireId(categoryIds, c.slug, 'category'),
            slug: s.slug,
            name: s.name,
            position,
          })),
        ),
      )
      .returning({ id: subcategories.id, categoryId: subcategories.categoryId, slug: subcategories.slug });
    const subcategoryIds = new Map(subcategoryRows.map((r) => [`${r.categoryId}/${r.slug}`, r.id]));

    const tagRows = await tx
      .insert(tags)
      .values(TAGS.map((t, position) => ({ slug: t.slug, name: t.name, position })))
      .returning({ id: tags.id, slug: tags.slug });
    const tagIds = new Map(tagRows.map((r) => [r.slug, r.id]));

    const organizerRows = await tx
      .insert(organizers)
      .values(ORGANIZERS.map((o) => ({ slug: o.slug, name: o.name, website: o.website ?? null, trusted: o.trusted ?? true })))
      .returning({ id: organizers.id, slug: organizers.slug });
    const organizerIds = new Map(organizerRows.map((r) => [r.slug, r.id]));

    const venueRows = await tx
      .insert(venues)
      .values(
        VENUES.map((v) => ({
          slug: v.slug,
          cityId: requireId(cityIds, v.city, 'city'),
          name: v.name,
          description: v.description,
          streetAddress: v.streetAddress,
          postalCode: v.postalCode,
          locality: v.locality,
          country: 'RS',
          lat: v.lat,
          lng: v.lng,
          website: v.website ?? null,
        })),
      )
      .returning({ id: venues.id, slug: venues.slug });
    const venueIds = new Map(venueRows.map((r) => [r.slug, r.id]));

    await tx.insert(accountRows).values(accounts.map((a) => a.row));
    const memberships = accounts.flatMap(({ account, row }) =>
      (account.organizers ?? []).map((slug) => ({ organizerId: requireId(organizerIds, slug, 'organizer'), userId: row.id })),
    );
    if (memberships.length > 0) await tx.insert(organizerMembers).values(memberships);

    const eventIds = new Map<string, number>();
    for (const chunk of chunks(programme, EVENT_CHUNK)) {
      const rows = await tx
        .insert(events)
        .values(
          chunk.map((e) => {
            const categoryId = requireId(categoryIds, e.category, 'category');
            return {
              slug: e.slug,
              title: e.title,
              description: e.description,
              categoryId,
              subcategoryId: requireId(subcategoryIds, `${categoryId}/${e.subcategory}`, 'subcategory'),
              venueId: e.venueSlug ? requireId(venueIds, e.venueSlug, 'venue') : null,
              organizerId: requireId(organizerIds, e.organizerSlug, 'organizer'),
              startsAt: e.startsAt,
              endsAt: e.endsAt,
              timeZone: DEFAULT_TIME_ZONE,
              status: e.status,
              dateTba: e.dateTba,
              previousStartsAt: e.previousStartsAt,
              attendanceMode: e.attendanceMode,
              onlineUrl: e.onlineUrl,
              images: e.images,
              performers: e.performers,
              currency: 'RSD',
              priceMin: e.priceMin,
              priceMax: e.priceMax,
              offerCount: e.offerCount,
              reservable: e.reservable,
              published: true,
            } satisfies typeof events.$inferInsert;
          }),
        )
        .returning({ id: events.id, slug: events.slug });
      for (const row of rows) eventIds.set(row.slug, row.id);
    }

    const links = programme.flatMap((e) =>
      e.tags.map((tag) => ({ eventId: requireId(eventIds, e.slug, 'event'), tagId: requireId(tagIds, tag, 'tag') })),
    );
    for (const chunk of chunks(links, EVENT_TAG_CHUNK)) await tx.insert(eventTags).values(chunk);

    // As migration 0012 does for a catalogue that existed before it: a venue belongs to the organizer running
    // most of its events, and its one name is its Serbian name. The demo organizer's own venues are fixed,
    // so its workspace has one in each city whatever the programme looks like.
    await tx.execute(sql`
      UPDATE venues v SET organizer_id = (
        SELECT e.organizer_id FROM events e WHERE e.venue_id = v.id AND e.organizer_id IS NOT NULL
        GROUP BY e.organizer_id ORDER BY count(*) DESC, e.organizer_id LIMIT 1
      ), name_i18n = jsonb_build_object('sr', v.name)`);
    const demoOrganizerId = requireId(organizerIds, DEMO_ORGANIZER_SLUG, 'organizer');
    for (const venue of Object.values(WORKSPACE_VENUES)) {
      await tx.update(venues).set({ organizerId: demoOrganizerId }).where(eq(venues.id, requireId(venueIds, venue.slug, 'venue')));
    }

    return { events: programme.length, venues: VENUES.length };
  });
}

/**
 * Inserts the demo catalogue (cities, categories, tags, venues, organizers, demo accounts, ~340 events)
 * in one transaction. Fails if the catalogue already exists (unique slugs).
 */
export async function seedDemo(database: Database, options: SeedOptions = {}): Promise<SeedCounts> {
  const counts = await writeDemo(database, options, false);
  if (!counts) throw new Error('Seed: nothing was written');
  return counts;
}

/**
 * DESIGN §8 SEED_DEMO: "never" → nothing; "always" → seed when the catalogue is empty; "auto" → seed only an
 * empty embedded database (no DATABASE_URL). Returns whether it seeded.
 */
export async function seedIfEmpty(
  services: { database: Database },
  config: { SEED_DEMO: 'auto' | 'always' | 'never'; DATABASE_URL?: string },
  log: { info: (obj: object, msg?: string) => void },
): Promise<boolean> {
  const mode = config.SEED_DEMO;
  if (mode === 'never') {
    log.info({ seedDemo: mode }, 'demo data: not seeding (SEED_DEMO=never)');
    return false;
  }
  if (mode === 'auto' && config.DATABASE_URL) {
    log.info({ seedDemo: mode }, 'demo data: not seeding an external database (set SEED_DEMO=always to seed it)');
    return false;
  }
  const { database } = services;
  if (!(await isCatalogEmpty(database.db))) {
    log.info({ seedDemo: mode }, 'demo data: the catalogue already has data, not seeding');
    return false;
  }
  const startedAt = performance.now();
  const counts = await writeDemo(database, {}, true);
  if (!counts) {
    log.info({ seedDemo: mode }, 'demo data: another instance seeded first, not seeding');
    return false;
  }
  log.info(
    { seedDemo: mode, ...counts, ms: Math.round(performance.now() - startedAt), accounts: Object.values(DEMO_ACCOUNTS).map((a) => a.email) },
    `demo data: seeded ${counts.events} events at ${counts.venues} venues`,
  );
  return true;
}


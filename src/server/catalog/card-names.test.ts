import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EventPage, EventSummary } from '../../shared/schemas/catalog';
import { describeApi } from '../../../tests/support/test-app';
import { categories, cities, events, venues } from '../db/schema';
import { insertCatalogFixtures } from './testing/catalog-fixtures';

const now = new Date();

/**
 * Cards name their category and city from memory (card-names.ts), not from joins: what another instance
 * adds is named at once, and a write on this instance renames at once.
 */
describeApi(
  'category and city names on cards',
  (t) => {
    let token: string;
    beforeAll(async () => {
      token = await t().guestToken();
    });
    // Each read asks for a URL of its own, so the API's answer cache never answers for the database.
    const list = async (limit: number) => {
      const answer = await t().json<EventPage>('GET', `/api/v1/events?limit=${limit}`, { token, headers: { 'accept-language': 'en' } });
      expect(answer.status).toBe(200);
      return answer.body.items;
    };
    const bySlug = (items: EventSummary[], slug: string) => items.find((item) => item.slug === slug);

    it('names a category and a city that another instance added after the names were read', async () => {
      const before = await list(40);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((item) => item.category.slug !== '' && item.category.name !== '')).toBe(true);

      // Written straight to the database, as another instance would: this one is never told.
      const db = t().services.database.db;
      const [city] = await db.insert(cities).values({ slug: 'subotica', name: { sr: 'Subotica', en: 'Subotica', uk: 'Суботиця', ru: 'Суботица' } }).returning();
      const [category] = await db
        .insert(categories)
        .values({ slug: 'cirkus', name: { sr: 'Cirkus', en: 'Circus', uk: 'Цирк', ru: 'Цирк' }, position: 99 })
        .returning();
      const [venue] = await db
        .insert(venues)
        .values({ slug: 'sinagoga', name: 'Sinagoga', cityId: city!.id, streetAddress: 'Jakaba i Komora 1', postalCode: '24000', locality: 'Subotica', lat: 46.1, lng: 19.66 })
        .returning();
      await db.insert(events).values({
        slug: 'cirkus-u-sinagogi',
        title: { sr: 'Cirkus u sinagogi', en: 'Circus at the synagogue', uk: 'Цирк', ru: 'Цирк' },
        categoryId: category!.id,
        venueId: venue!.id,
        startsAt: new Date(now.getTime() + 60_000),
      });
      // This instance reads its listing index again once it is 30 s old (search-index.ts); its card names
      // are still those read before the write.
      await t().services.catalog.searchIndex.load();

      const card = bySlug(await list(41), 'cirkus-u-sinagogi');
      expect(card?.category).toMatchObject({ id: category!.id, slug: 'cirkus', name: 'Circus' });
      expect(card?.venue?.city).toEqual({ slug: 'subotica', name: 'Subotica' });
    });

    it('shows a renamed category on the cards as soon as the catalogue is invalidated', async () => {
      const card = (await list(42)).find((item) => item.category.slug === 'koncerti');
      expect(card?.category.name).toBe('Concerts');
      await t()
        .services.database.db.update(categories)
        .set({ name: { sr: 'Svirke', en: 'Gigs', uk: 'Концерти', ru: 'Концерты' } })
        .where(eq(categories.slug, 'koncerti'));
      t().services.catalog.invalidate();
      expect(bySlug(await list(43), card!.slug)?.category.name).toBe('Gigs');
    });
  },
  { prepare: async (services) => void (await insertCatalogFixtures(services.database.db, now)) },
);

import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { venues } from '../db/schema';
import { searchVenues, venueIndexRows } from './catalog-repository-places';
import { CatalogSearch } from './catalog-search';
import { insertCatalogFixtures } from './testing/catalog-fixtures';
import { VenueIndex } from './venue-index';

/**
 * The venues a search shows, from the venue index against searchVenues, on both engines: names, streets and
 * localities, typos (near words, the second tier), two scripts, prefixes, several words, nothing, and
 * limits that cut a tier. Two venues share a name, so the id decides between them as in SQL; one matches
 * "pozoriste" only through a near word and sorts first by name.
 */

const QUERIES = ['beograd', 'Београд', 'pozoriste', 'pozoirste', 'pozoriste beograd', 'novi', 'novi sad', 'ada', 'kolarceva', 'terazije', 'muzej', 'trg', 'tvrdjava', 'drugstor', 'b', 'zzz'];

describeEachDatabase('venue index', (database) => {
  let planner: CatalogSearch;
  beforeAll(async () => {
    const ids = await insertCatalogFixtures(database().db);
    const [first] = await database().db.select({ cityId: venues.cityId }).from(venues).limit(1);
    await database().db.insert(venues).values([
      { slug: 'dom-omladine-2', cityId: first!.cityId, name: 'Dom omladine Beograda', streetAddress: 'Makedonska 24', postalCode: '11000', locality: 'Beograd', lat: 44.8158, lng: 20.4634 },
      // Only a near word of "pozoriste" (the second tier), first by name: tiers must come before names.
      { slug: 'atelje', cityId: first!.cityId, name: 'Atelje pozorista', streetAddress: 'Knez Mihailova 1', postalCode: '11000', locality: 'Beograd', lat: 44.8176, lng: 20.4569 },
    ]);
    expect(ids.venues.size).toBeGreaterThan(5);
    planner = new CatalogSearch({ db: database().db, taxonomy: () => Promise.reject(new Error('not used')), now: () => new Date() });
  });

  it('finds the venues searchVenues finds, in its tiers and order', async () => {
    const index = VenueIndex.of(await venueIndexRows(database().db));
    let found = 0;
    let widened = 0;
    for (const q of QUERIES) {
      const plan = (await planner.queryPlan(q))!;
      for (const limit of [10, 2]) {
        const expected = await searchVenues(database().db, { expanded: plan.expanded, strict: plan.strict, limit });
        expect(index.search(plan, limit), `${q}, ${limit}`).toEqual(expected);
        found += expected.length;
        widened += expected.filter((venue) => venue.tier === 1).length;
      }
    }
    expect(found).toBeGreaterThan(QUERIES.length);
    expect(widened).toBeGreaterThan(0);
    const theatres = index.search((await planner.queryPlan('pozoriste'))!, 10);
    expect(theatres.map((venue) => [venue.slug, venue.tier])).toEqual([['narodno-pozoriste', 0], ['terazije', 0], ['atelje', 1]]);
  });
});

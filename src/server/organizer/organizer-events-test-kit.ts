import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../tests/support/test-app';
import type { OrganizerRole } from '../../shared/schemas/organizer-workspace';
import { createOrganizer, createUser, type TestUser } from '../reservations/reservations-fixtures';
import type { Services } from '../services';
import { DAY_MS, HOUR_MS } from '../../shared/constants';

/** Fixtures for the organizer events API tests: an organizer with members in each role, and its taxonomy and venue. */

type Rows<T> = { rows: T[] };
let counter = 0;
const next = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;

export interface OrganizerFixture {
  organizerId: number;
  owner: TestUser;
  manager: TestUser;
  viewer: TestUser;
  door: TestUser;
  venueId: number;
  categoryId: number;
  subcategoryId: number;
  otherCategoryId: number;
  tagId: number;
}

async function one(services: Services, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await services.database.db.execute(query)) as unknown as Rows<{ id: number | string }>;
  return Number(result.rows[0]!.id);
}

export async function createOrganizerFixture(services: Services, options: { trusted?: boolean } = {}): Promise<OrganizerFixture> {
  const owner = await createUser(services);
  const organizerId = await createOrganizer(services, [owner.id]);
  await services.database.db.execute(sql`UPDATE organizers SET trusted = ${options.trusted ?? true} WHERE id = ${organizerId}`);
  const member = async (role: OrganizerRole) => {
    const user = await createUser(services);
    await services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id, role) VALUES (${organizerId}, ${user.id}, ${role})`);
    return user;
  };
  const key = next();
  const city = await one(services, sql`INSERT INTO cities (slug, name) VALUES (${`city-${key}`}, '{"sr":"Beograd"}') RETURNING id`);
  const venueId = await one(
    services,
    sql`INSERT INTO venues (slug, city_id, name, street_address, postal_code, locality, lat, lng, organizer_id)
        VALUES (${`venue-${key}`}, ${city}, ${`Sala ${key}`}, 'Makedonska 22', '11000', 'Beograd', 44.8, 20.4, ${organizerId}) RETURNING id`,
  );
  const categoryId = await one(services, sql`INSERT INTO categories (slug, name) VALUES (${`cat-${key}`}, '{"sr":"Muzika","en":"Music"}') RETURNING id`);
  const otherCategoryId = await one(services, sql`INSERT INTO categories (slug, name) VALUES (${`other-${key}`}, '{"sr":"Pozorište"}') RETURNING id`);
  const subcategoryId = await one(
    services,
    sql`INSERT INTO subcategories (category_id, slug, name) VALUES (${otherCategoryId}, ${`sub-${key}`}, '{"sr":"Drama"}') RETURNING id`,
  );
  const tagId = await one(services, sql`INSERT INTO tags (slug, name) VALUES (${`tag-${key}`}, '{"sr":"Besplatno"}') RETURNING id`);
  return {
    organizerId,
    owner,
    manager: await member('manager'),
    viewer: await member('viewer'),
    door: await member('door'),
    venueId,
    categoryId,
    subcategoryId,
    otherCategoryId,
    tagId,
  };
}

export function eventBody(fixture: OrganizerFixture, overrides: Record<string, unknown> = {}) {
  return {
    title: { sr: `Koncert ${next()}`, en: 'A concert' },
    summary: { sr: 'Veče džeza' },
    source_locale: 'sr',
    category_id: fixture.categoryId,
    tag_ids: [fixture.tagId],
    venue_id: fixture.venueId,
    starts_at: new Date(Date.now() + 10 * DAY_MS).toISOString(),
    ends_at: new Date(Date.now() + 10 * DAY_MS + 2 * HOUR_MS).toISOString(),
    price: { min: 0, max: 0 },
    performers: [{ name: 'Trio Balkan' }],
    reservation: { mode: 'approval', capacity: 12, party_min: 1, party_max: 4, waitlist: true },
    ...overrides,
  };
}

export type Json = TestApp['json'];

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Services } from '../services';
import { HOUR_MS } from '../../shared/constants';

/**
 * Test fixtures for the reservation suites (imported by *.test.ts only): users, organizers and events
 * written straight to the database, and tokens issued by the auth service.
 */

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface TestUser {
  id: string;
  token: string;
  email: string;
}

type Rows<T> = { rows: T[] };

export async function createUser(
  services: Services,
  options: { eligible?: boolean; role?: 'user' | 'organizer' | 'admin'; locale?: 'sr' | 'en' | 'uk' | 'ru'; firstName?: string | null } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const eligible = options.eligible ?? true;
  const role = options.role ?? 'user';
  const email = `u-${next()}@test.kuda`;
  const firstName = options.firstName === undefined ? (eligible ? 'Ana' : null) : options.firstName;
  // Unique E.164 numbers: the accounts migration allows one verified account per phone.
  const phone = `+3816${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await services.database.db.execute(sql`
    INSERT INTO users (id, email, first_name, last_name, phone_number, phone_verified_at, role, locale)
    VALUES (${id}, ${email}, ${firstName}, ${eligible ? 'Test' : null}, ${eligible ? phone : null},
            ${eligible ? sql`now()` : null}, ${role}, ${options.locale ?? 'en'})`);
  const pair = await services.auth.issueUserPair({ id, role });
  return { id, token: pair.access_token, email };
}

export async function createOrganizer(services: Services, members: string[] = []): Promise<number> {
  const slug = `org-${next()}`;
  const result = (await services.database.db.execute(
    sql`INSERT INTO organizers (slug, name) VALUES (${slug}, ${`Organizer ${slug}`}) RETURNING id`,
  )) as unknown as Rows<{ id: number | string }>;
  const organizerId = Number(result.rows[0]!.id);
  for (const userId of members) {
    await services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id) VALUES (${organizerId}, ${userId})`);
  }
  return organizerId;
}

async function baseRows(services: Services): Promise<{ categoryId: number; venueId: number }> {
  const db = services.database.db;
  const category = (await db.execute(sql`
    INSERT INTO categories (slug, name) VALUES ('test-reservations', '{"sr":"Test","en":"Test"}')
    ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  const city = (await db.execute(sql`
    INSERT INTO cities (slug, name) VALUES ('test-city', '{"sr":"Test","en":"Test"}')
    ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  const venue = (await db.execute(sql`
    INSERT INTO venues (slug, city_id, name, street_address, postal_code, locality, lat, lng)
    VALUES ('test-venue', ${Number(city.rows[0]!.id)}, 'Dom omladine', 'Makedonska 22', '11000', 'Beograd', 44.8, 20.4)
    ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  return { categoryId: Number(category.rows[0]!.id), venueId: Number(venue.rows[0]!.id) };
}

export interface EventOptions {
  capacity?: number;
  mode?: 'instant' | 'approval';
  partyMin?: number;
  partyMax?: number;
  /** Hours from now. */
  startsInHours?: number;
  organizerId?: number | null;
  reservable?: boolean;
  status?: 'scheduled' | 'cancelled';
  published?: boolean;
  /** Explicit deadline, hours from now. */
  deadlineInHours?: number;
}

export async function createEvent(services: Services, options: EventOptions = {}): Promise<number> {
  const db = services.database.db;
  const { categoryId, venueId } = await baseRows(services);
  const startsAt = new Date(Date.now() + (options.startsInHours ?? 72) * HOUR_MS).toISOString();
  const slug = `event-${next()}`;
  const result = (await db.execute(sql`
    INSERT INTO events (slug, title, category_id, venue_id, organizer_id, starts_at, reservable, status, published)
    VALUES (${slug}, ${JSON.stringify({ sr: `Koncert ${slug}`, en: `Concert ${slug}`, uk: `Концерт ${slug}`, ru: `Концерт ${slug}` })}::jsonb,
            ${categoryId}, ${venueId}, ${options.organizerId ?? null}, ${startsAt}, ${options.reservable ?? true},
            ${options.status ?? 'scheduled'}, ${options.published ?? true})
    RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  const eventId = Number(result.rows[0]!.id);
  if (options.reservable ?? true) {
    const deadline =
      options.deadlineInHours === undefined ? null : new Date(Date.now() + options.deadlineInHours * HOUR_MS).toISOString();
    await db.execute(sql`
      UPDATE event_reservation_settings
      SET capacity = ${options.capacity ?? 10}, mode = ${options.mode ?? 'instant'},
          party_min = ${options.partyMin ?? 1}, party_max = ${options.partyMax ?? 8}, deadline = ${deadline}
      WHERE event_id = ${eventId}`);
  }
  return eventId;
}

/** Moves every pending job to "due now" (reminders are queued for the day before the event). */
export async function makeJobsDue(services: Services): Promise<void> {
  await services.database.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'pending'`);
}

/** Runs due jobs until none are left. */
export async function drainJobs(services: Services): Promise<void> {
  while ((await services.jobs.runDue(100)) > 0) {
    // keep going: a job may enqueue more
  }
}

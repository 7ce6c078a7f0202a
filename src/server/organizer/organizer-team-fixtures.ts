import { sql } from 'drizzle-orm';
import type { OrganizerRole } from '../../shared/schemas/organizer-workspace';
import { createEvent, createOrganizer, createUser, type TestUser } from '../reservations/reservations-fixtures';
import type { Services } from '../services';

/** Test fixtures for the organizer workspace suites (imported by *.test.ts only). */

type Rows<T> = { rows: T[] };

export async function addMember(
  services: Services,
  organizerId: number,
  role: OrganizerRole,
  options: { firstName?: string } = {},
): Promise<TestUser> {
  const user = await createUser(services, { firstName: options.firstName });
  await services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id, role) VALUES (${organizerId}, ${user.id}, ${role})`);
  return user;
}

export interface Workspace {
  organizer: number;
  owner: TestUser;
  manager: TestUser;
  door: TestUser;
  viewer: TestUser;
  event: number;
  /** Another organizer, with its own owner and event. */
  rival: number;
  rivalOwner: TestUser;
  rivalEvent: number;
  /** Signed in, member of nothing. */
  outsider: TestUser;
}

/** One organizer with a member in every role, a rival organizer, and a signed-in outsider. */
export async function createWorkspace(services: Services): Promise<Workspace> {
  const owner = await createUser(services, { firstName: 'Olga' });
  const organizer = await createOrganizer(services, [owner.id]);
  const rivalOwner = await createUser(services);
  const rival = await createOrganizer(services, [rivalOwner.id]);
  return {
    organizer,
    owner,
    manager: await addMember(services, organizer, 'manager'),
    door: await addMember(services, organizer, 'door', { firstName: 'Dragan' }),
    viewer: await addMember(services, organizer, 'viewer'),
    event: await createEvent(services, {
      organizerId: organizer,
      capacity: 50,
    }),
    rival,
    rivalOwner,
    rivalEvent: await createEvent(services, {
      organizerId: rival,
      capacity: 50,
    }),
    outsider: await createUser(services),
  };
}

let codeSequence = 0;
const CODE_LETTERS = '34679ACDEFGHJKMNPQRTUVWXY';
/** A fresh code in the reservation alphabet, unique within the run. */
export function uniqueCode(): string {
  let n = (Date.now() % 1_000_000) * 1000 + (codeSequence++ % 1000);
  let code = '';
  for (let i = 0; i < 7; i++) {
    code += CODE_LETTERS[n % CODE_LETTERS.length];
    n = Math.floor(n / CODE_LETTERS.length);
  }
  return code;
}

/** A reservation written straight to the table (accepted ones carry a code). */
export async function createReservation(
  services: Services,
  input: {
    eventId: number;
    status?: 'accepted' | 'pending' | 'cancelled' | 'rejected';
    partySize?: number;
    firstName?: string;
    note?: string | null;
  },
): Promise<{ id: number; code: string; guest: TestUser }> {
  const guest = await createUser(services, { firstName: input.firstName });
  const code = uniqueCode();
  const status = input.status ?? 'accepted';
  const result = (await services.database.db.execute(sql`
    INSERT INTO reservations (event_id, user_id, status, party_size, note, code)
    VALUES (${input.eventId}, ${guest.id}, ${status}, ${input.partySize ?? 2}, ${input.note ?? null}, ${code})
    RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  return { id: Number(result.rows[0]!.id), code, guest };
}

/** The demo cities the venue API accepts. */
export async function createCities(services: Services): Promise<void> {
  await services.database.db.execute(sql`
    INSERT INTO cities (slug, name) VALUES
      ('beograd', '{"sr":"Beograd","en":"Belgrade"}'), ('novi-sad', '{"sr":"Novi Sad","en":"Novi Sad"}')
    ON CONFLICT (slug) DO NOTHING`);
}

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-db';
import type { Db } from '../db/client';
import { organizerActivity, organizerInvitations, organizerMembers } from '../db/schema';
import { AppError } from '../lib/errors';
import { membershipsOf, requireOrganizerRole, requireOrganizerRoleFor } from './organizer-access';

type Rows<T> = { rows: T[] };
let sequence = 0;

async function user(
  db: Db,
  options: {
    email?: string;
    proven?: boolean;
    status?: 'active' | 'suspended';
  } = {},
): Promise<string> {
  const id = randomUUID();
  const email = options.email ?? `access-${(sequence += 1)}-${Date.now().toString(36)}@example.com`;
  await db.execute(sql`
    INSERT INTO users (id, email, email_verified_at, status)
    VALUES (${id}, ${email}, ${options.proven ? sql`now()` : null}, ${options.status ?? 'active'})`);
  return id;
}

async function organizer(db: Db, members: [string, string][] = []): Promise<number> {
  const slug = `access-org-${(sequence += 1)}-${Date.now().toString(36)}`;
  const result = (await db.execute(sql`INSERT INTO organizers (slug, name) VALUES (${slug}, ${slug}) RETURNING id`)) as unknown as Rows<{
    id: number | string;
  }>;
  const id = Number(result.rows[0]!.id);
  for (const [userId, role] of members)
    await db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id, role) VALUES (${id}, ${userId}, ${role})`);
  return id;
}

async function venue(db: Db, organizerId: number | null): Promise<number> {
  const city = (await db.execute(sql`
    INSERT INTO cities (slug, name) VALUES ('access-city', '{"sr":"Grad"}')
    ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`)) as unknown as Rows<{
    id: number | string;
  }>;
  const result = (await db.execute(sql`
    INSERT INTO venues (slug, city_id, name, street_address, postal_code, locality, lat, lng, organizer_id)
    VALUES (${`access-venue-${(sequence += 1)}`}, ${Number(city.rows[0]!.id)}, 'Sala', 'Ulica 1', '', 'Grad', 44.8, 20.4, ${organizerId})
    RETURNING id`)) as unknown as Rows<{ id: number | string }>;
  return Number(result.rows[0]!.id);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return `${error.kind} ${error.code}`;
}

describeEachDatabase('organizer access', (database) => {
  let db: Db;
  let owner: string;
  let viewer: string;
  let door: string;
  let own: number;
  let rival: number;

  beforeAll(async () => {
    db = database().db;
    owner = await user(db);
    viewer = await user(db);
    door = await user(db);
    own = await organizer(db, [
      [owner, 'owner'],
      [viewer, 'viewer'],
      [door, 'door'],
    ]);
    rival = await organizer(db, [[await user(db), 'owner']]);
  });

  it('gives a member their organizer and role when the role has the capability', async () => {
    expect(await requireOrganizerRole(db, { userId: owner, capability: 'team' })).toEqual({ userId: owner, organizerId: own, role: 'owner' });
    expect(
      await requireOrganizerRole(db, {
        userId: door,
        capability: 'door',
        organizerId: own,
      }),
    ).toMatchObject({ role: 'door' });
  });

  it('refuses a non-member, a suspended member and a member asking for an organizer they are not in', async () => {
    expect(
      await refusal(
        requireOrganizerRole(db, {
          userId: await user(db),
          capability: 'read',
        }),
      ),
    ).toBe('forbidden organizer_required');
    const suspended = await user(db, { status: 'suspended' });
    await organizer(db, [[suspended, 'owner']]);
    expect(await refusal(requireOrganizerRole(db, { userId: suspended, capability: 'read' }))).toBe('forbidden organizer_required');
    expect(
      await refusal(
        requireOrganizerRole(db, {
          userId: owner,
          capability: 'read',
          organizerId: rival,
        }),
      ),
    ).toBe('forbidden organizer_required');
  });

  it.each([
    ['viewer', 'events'],
    ['viewer', 'door'],
    ['door', 'read'],
    ['door', 'venues'],
  ] as const)('refuses a %s the %s capability', async (role, capability) => {
    const userId = role === 'viewer' ? viewer : door;
    expect(await refusal(requireOrganizerRole(db, { userId, capability }))).toBe('forbidden organizer_role_required');
  });

  it('says another organizer’s venue, an unowned venue and a missing event do not exist', async () => {
    const mine = await venue(db, own);
    expect(
      await requireOrganizerRoleFor(db, {
        userId: owner,
        capability: 'venues',
        target: { type: 'venue', id: mine },
      }),
    ).toMatchObject({ organizerId: own });
    expect(
      await refusal(
        requireOrganizerRoleFor(db, {
          userId: owner,
          capability: 'read',
          target: { type: 'venue', id: await venue(db, rival) },
        }),
      ),
    ).toBe('not_found not_found');
    expect(
      await refusal(
        requireOrganizerRoleFor(db, {
          userId: owner,
          capability: 'read',
          target: { type: 'venue', id: await venue(db, null) },
        }),
      ),
    ).toBe('not_found not_found');
    expect(
      await refusal(
        requireOrganizerRoleFor(db, {
          userId: owner,
          capability: 'read',
          target: { type: 'event', id: 2_000_000_000 },
        }),
      ),
    ).toBe('not_found not_found');
    expect(
      await refusal(
        requireOrganizerRoleFor(db, {
          userId: door,
          capability: 'venues',
          target: { type: 'venue', id: mine },
        }),
      ),
    ).toBe('forbidden organizer_role_required');
    expect(
      await refusal(
        requireOrganizerRoleFor(db, {
          userId: await user(db),
          capability: 'read',
          target: { type: 'venue', id: mine },
        }),
      ),
    ).toBe('forbidden organizer_required');
  });

  it('accepts an invitation only for a proven address, once, whatever the case of the address', async () => {
    const email = `Invited-${Date.now().toString(36)}@Example.com`;
    const [invitation] = await db
      .insert(organizerInvitations)
      .values({ organizerId: own, email, role: 'manager' })
      .returning({ id: organizerInvitations.id });
    const unproven = await user(db, { email: email.toLowerCase() });
    expect(await membershipsOf(db, unproven)).toEqual([]);
    await db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${unproven}`);
    const [first, second] = await Promise.all([membershipsOf(db, unproven), membershipsOf(db, unproven)]);
    expect(first).toEqual([{ organizerId: own, role: 'manager' }]);
    expect(second).toEqual(first);
    const joined = await db.select().from(organizerActivity).where(eq(organizerActivity.targetId, unproven));
    expect(joined.map((entry) => entry.action)).toEqual(['member.joined']);
    const [row] = await db
      .select({ acceptedAt: organizerInvitations.acceptedAt })
      .from(organizerInvitations)
      .where(eq(organizerInvitations.id, invitation!.id));
    expect(row!.acceptedAt).not.toBeNull();
    // Removed later, the member does not come back through the old invitation.
    await db.delete(organizerMembers).where(eq(organizerMembers.userId, unproven));
    expect(await membershipsOf(db, unproven)).toEqual([]);
  });
});

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { FollowKind } from '../../shared/schemas/follows';
import type { DbOrTx } from '../db/client';
import { categories, follows, organizers, tags, venues } from '../db/schema';

/** Who follows: an account, or a guest before sign-up (the guest token's subject). Exactly one. */
export type FollowOwner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

function ownedBy(owner: FollowOwner): SQL {
  return owner.userId ? eq(follows.userId, owner.userId) : eq(follows.guestId, owner.guestId!);
}

/** The followed thing's names and slug; null when there is no such venue, organizer, category or tag. */
export async function findTarget(db: DbOrTx, kind: FollowKind, id: number): Promise<{ id: number } | null> {
  const table = { venue: venues, organizer: organizers, category: categories, tag: tags }[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row ?? null;
}

/**
 * Serialises one owner's follows for the rest of the transaction, so two concurrent follows cannot both
 * pass the limit check (a transaction-scoped advisory lock keyed by the owner).
 */
export async function lockOwner(tx: DbOrTx, owner: FollowOwner): Promise<void> {
  const key = owner.userId ?? owner.guestId!;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`follows:${key}`}, 0))`);
}

export async function countFollows(db: DbOrTx, owner: FollowOwner): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(follows).where(ownedBy(owner));
  return row?.count ?? 0;
}

export async function isFollowing(db: DbOrTx, owner: FollowOwner, kind: FollowKind, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(ownedBy(owner), eq(follows.kind, kind), eq(follows.targetId, id)));
  return Boolean(row);
}

/** Idempotent: following twice is one follow (the owner's partial unique index). */
export async function insertFollow(db: DbOrTx, owner: FollowOwner, kind: FollowKind, id: number): Promise<void> {
  await db
    .insert(follows)
    .values({ userId: owner.userId ?? null, guestId: owner.guestId ?? null, kind, targetId: id })
    .onConflictDoNothing();
}

/**
 * Account deletion keeps the users row (anonymised), so its follows would outlive the person: they go, in the
 * deletion's transaction (the foreign key's cascade covers only a row actually deleted).
 */
export async function eraseForDeletedAccount(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(follows).where(eq(follows.userId, userId));
}

export async function deleteFollow(db: DbOrTx, owner: FollowOwner, kind: FollowKind, id: number): Promise<void> {
  await db.delete(follows).where(and(ownedBy(owner), eq(follows.kind, kind), eq(follows.targetId, id)));
}

/**
 * What the owner follows, newest first, with each target's names and slug (one join per kind: target_id
 * is not a foreign key). A follow whose target was removed is left out.
 */
export async function listFollows(db: DbOrTx, owner: FollowOwner) {
  const rows = await db
    .select({
      kind: follows.kind,
      id: follows.targetId,
      createdAt: follows.createdAt,
      venueName: venues.name,
      venueNames: venues.nameI18n,
      venueSlug: venues.slug,
      organizerName: organizers.name,
      organizerSlug: organizers.slug,
      categoryNames: categories.name,
      categorySlug: categories.slug,
      tagNames: tags.name,
      tagSlug: tags.slug,
    })
    .from(follows)
    .leftJoin(venues, and(eq(follows.kind, 'venue'), eq(venues.id, follows.targetId)))
    .leftJoin(organizers, and(eq(follows.kind, 'organizer'), eq(organizers.id, follows.targetId)))
    .leftJoin(categories, and(eq(follows.kind, 'category'), eq(categories.id, follows.targetId)))
    .leftJoin(tags, and(eq(follows.kind, 'tag'), eq(tags.id, follows.targetId)))
    .where(ownedBy(owner))
    .orderBy(desc(follows.createdAt), desc(follows.id));
  return rows.flatMap((row) => {
    const target = targetOf(row);
    return target ? [{ kind: row.kind, id: row.id, createdAt: row.createdAt, ...target }] : [];
  });
}

type ListRow = {
  kind: FollowKind;
  venueName: string | null;
  venueNames: LocalizedText | null;
  venueSlug: string | null;
  organizerName: string | null;
  organizerSlug: string | null;
  categoryNames: LocalizedText | null;
  categorySlug: string | null;
  tagNames: LocalizedText | null;
  tagSlug: string | null;
};

/** A name per language (a venue's Serbian `name` stands in for the languages it lacks) and the slug. */
function targetOf(row: ListRow): { names: LocalizedText; slug: string } | null {
  switch (row.kind) {
    case 'venue':
      return row.venueSlug ? { names: { sr: row.venueName ?? '', ...row.venueNames }, slug: row.venueSlug } : null;
    case 'organizer':
      return row.organizerSlug ? { names: { sr: row.organizerName ?? '' }, slug: row.organizerSlug } : null;
    case 'category':
      return row.categorySlug ? { names: row.categoryNames ?? {}, slug: row.categorySlug } : null;
    case 'tag':
      return row.tagSlug ? { names: row.tagNames ?? {}, slug: row.tagSlug } : null;
  }
}

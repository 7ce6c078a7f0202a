import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';

/**
 * Guest → account (issue 12): when a guest signs up or signs in, the sign-in call carries the guest's bearer
 * token, and what the guest gathered on it — saved events, follows, category visits — moves to the account.
 * Rows the account already has collapse into one (visits add up). One place owns this; the sign-in service
 * calls it in one transaction, so a failure moves nothing and a retry moves what is left.
 */

/** The guest subject a sign-in call was made with, or undefined (no token, or already a user's). */
export function guestOf(request: FastifyRequest): string | undefined {
  const principal = request.principal;
  return principal?.kind === 'guest' ? principal.subject : undefined;
}

/**
 * Part of account deletion, in its transaction: the account row stays (anonymised), so nothing cascades;
 * what the person saved, followed and opened goes here.
 */
export async function eraseKeptFor(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`DELETE FROM saved_events WHERE user_id = ${userId}::uuid`);
  await tx.execute(sql`DELETE FROM follows WHERE user_id = ${userId}::uuid`);
  await tx.execute(sql`DELETE FROM category_visits WHERE user_id = ${userId}::uuid`);
}

export async function adoptGuest(tx: DbOrTx, input: { guestId: string; userId: string }): Promise<void> {
  const { guestId, userId } = input;
  // Saves and follows: the account's own row wins a duplicate; the guest's copy then goes.
  await tx.execute(sql`
    INSERT INTO saved_events (user_id, event_id, created_at)
    SELECT ${userId}::uuid, event_id, created_at FROM saved_events WHERE guest_id = ${guestId}::uuid
    ON CONFLICT (user_id, event_id) WHERE user_id IS NOT NULL DO NOTHING`);
  await tx.execute(sql`DELETE FROM saved_events WHERE guest_id = ${guestId}::uuid`);
  await tx.execute(sql`
    INSERT INTO follows (user_id, kind, target_id, created_at)
    SELECT ${userId}::uuid, kind, target_id, created_at FROM follows WHERE guest_id = ${guestId}::uuid
    ON CONFLICT (user_id, kind, target_id) WHERE user_id IS NOT NULL DO NOTHING`);
  await tx.execute(sql`DELETE FROM follows WHERE guest_id = ${guestId}::uuid`);
  // Visits are a count: the guest's add to the account's.
  await tx.execute(sql`
    INSERT INTO category_visits (user_id, category_id, visits, last_visit_at)
    SELECT ${userId}::uuid, category_id, visits, last_visit_at FROM category_visits WHERE guest_id = ${guestId}::uuid
    ON CONFLICT (user_id, category_id) WHERE user_id IS NOT NULL
    DO UPDATE SET visits = category_visits.visits + EXCLUDED.visits,
                  last_visit_at = GREATEST(category_visits.last_visit_at, EXCLUDED.last_visit_at)`);
  await tx.execute(sql`DELETE FROM category_visits WHERE guest_id = ${guestId}::uuid`);
  await tx.execute(sql`DELETE FROM guest_owners WHERE guest_id = ${guestId}::uuid`);
}

import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Publication } from '../organizer/event-lifecycle';
import type { DbOrTx } from '../db/client';
import { eventNotes, events, organizerMembers, organizers, users, venues } from '../db/schema';
import { eventHistory } from '../db/schema/organizer';

/** The review queue, the note thread and who hears about a decision: only the columns the answers need. */

/** Events in one publication state, oldest id first (the longest waiting on top), after the cursor's id. */
export async function listForReview(db: DbOrTx, filter: { publication: Publication; afterId?: number; limit: number }) {
  return db
    .select({
      id: events.id,
      title: events.title,
      sourceLocale: events.sourceLocale,
      publication: events.publication,
      startsAt: events.startsAt,
      publishAt: events.publishAt,
      updatedAt: events.updatedAt,
      organizerId: organizers.id,
      organizerName: organizers.name,
      organizerTrusted: organizers.trusted,
    })
    .from(events)
    .leftJoin(organizers, eq(organizers.id, events.organizerId))
    .where(and(eq(events.publication, filter.publication), filter.afterId !== undefined ? gt(events.id, filter.afterId) : undefined))
    .orderBy(asc(events.id))
    .limit(filter.limit);
}
export type ReviewRow = Awaited<ReturnType<typeof listForReview>>[number];

export async function organizerOfEvent(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ id: organizers.id, name: organizers.name, trusted: organizers.trusted, venueName: venues.name })
    .from(events)
    .leftJoin(organizers, eq(organizers.id, events.organizerId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(eq(events.id, eventId));
  return row;
}

export async function notesOf(db: DbOrTx, eventId: number) {
  return db
    .select({
      id: eventNotes.id,
      authorSide: eventNotes.authorSide,
      body: eventNotes.body,
      createdAt: eventNotes.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      userStatus: users.status,
    })
    .from(eventNotes)
    .leftJoin(users, eq(users.id, eventNotes.authorUserId))
    .where(eq(eventNotes.eventId, eventId))
    .orderBy(asc(eventNotes.id));
}
export type NoteRow = Awaited<ReturnType<typeof notesOf>>[number];

export async function insertNote(db: DbOrTx, note: { eventId: number; authorUserId: string; authorSide: 'admin' | 'organizer'; body: string }): Promise<number> {
  const [row] = await db.insert(eventNotes).values(note).returning({ id: eventNotes.id });
  return row!.id;
}

export const DECISION_ACTIONS = ['approve', 'reject', 'request_changes'] as const;

/** The event's latest review decision (a history line written by the admin's decision). */
export async function lastDecision(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ action: eventHistory.action, message: eventHistory.message, createdAt: eventHistory.createdAt })
    .from(eventHistory)
    .where(and(eq(eventHistory.eventId, eventId), inArray(eventHistory.action, [...DECISION_ACTIONS])))
    .orderBy(desc(eventHistory.id))
    .limit(1);
  return row;
}

/** Who hears about a review: the organizer's active owners and managers (they can act on it). */
export async function reviewRecipients(db: DbOrTx, organizerId: number): Promise<string[]> {
  const rows = await db
    .select({ userId: organizerMembers.userId })
    .from(organizerMembers)
    .innerJoin(users, eq(users.id, organizerMembers.userId))
    .where(and(eq(organizerMembers.organizerId, organizerId), inArray(organizerMembers.role, ['owner', 'manager']), eq(users.status, 'active')))
    .orderBy(asc(organizerMembers.userId));
  return rows.map((row) => row.userId);
}

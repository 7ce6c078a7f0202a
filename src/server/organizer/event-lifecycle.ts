import type { PUBLICATION_STATES } from '../../shared/schemas/organizer-workspace';
import { conflict } from '../lib/errors';

export type Publication = (typeof PUBLICATION_STATES)[number];

/**
 * The one table of allowed publication moves (DESIGN §14), as for reservations: anything not listed is
 * refused with `event_transition`. `published` is the only public state; postponing and cancelling are the
 * published event's own fate (events.status), not moves of this table.
 */
export const PUBLICATION_MOVES: Record<Publication, readonly Publication[]> = {
  draft: ['pending_review', 'scheduled', 'published'],
  // The admin's review decides: approve (scheduled or published), ask for changes (draft, the note shown in
  // the editor), or reject (archived: a rejection is final and the event never becomes public; the reason
  // stays in its history and note thread). The organizer may also take the event back to edit it (draft), or
  // withdraw it for good (archived), as they may a published one.
  pending_review: ['draft', 'scheduled', 'published', 'archived'],
  scheduled: ['draft', 'published'],
  published: ['archived'],
  archived: [],
};

export function canMove(from: Publication, to: Publication): boolean {
  return PUBLICATION_MOVES[from].includes(to);
}

export function requireMove(from: Publication, to: Publication): void {
  if (!canMove(from, to)) throw conflict('event_transition', { from, to });
}

/**
 * Where "publish" leads: a trusted organizer publishes at once, or at `publishAt` when it is still ahead;
 * an organizer who is not trusted sends the event to the admin's review queue.
 */
export function publishTarget(input: { trusted: boolean; publishAt: Date | null; now: Date }): Publication {
  if (!input.trusted) return 'pending_review';
  return input.publishAt && input.publishAt > input.now ? 'scheduled' : 'published';
}

import type { Locale } from '../../shared/locales';
import {
  MAX_SAVED_EVENTS,
  SAVED_PAGE_SIZE,
  type SavedChange,
  type SavedEvent,
  type SavedEventPage,
  type SavedEventQuery,
  type SavedIds,
  type SavedState,
} from '../../shared/schemas/saved';
import type { Principal } from '../auth/auth-service';
import { cardNames, type CardNames } from '../catalog/card-names';
import { toEventSummary } from '../catalog/event-mapping';
import type { Db } from '../db/client';
import { keysetPage, readCursor } from '../lib/cursor';
import { notFound, unprocessable } from '../lib/errors';
import type { JobQueue } from '../jobs/job-queue';
import { schedulePrune } from './saved-jobs';
import * as repo from './saved-repository';

export interface SavedDeps {
  db: Db;
  jobs: JobQueue;
  now?: () => Date;
}

/** Whose saves a request touches: the account of a user token, else the guest token's own subject. */
export function ownerOf(principal: Principal): repo.Owner {
  return principal.kind === 'user' && principal.userId ? { userId: principal.userId } : { guestId: principal.subject };
}

/** What a card of the Saved page flags: called off, postponed (no date yet) or moved to another date. */
export function changeOf(row: { status: string; dateTba: boolean }): SavedChange | null {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'postponed' || row.dateTba) return 'postponed';
  if (row.status === 'rescheduled') return 'rescheduled';
  return null;
}

/** Saving events (the heart) and the Saved page, for guests and accounts alike; nobody sees another's saves. */
export class SavedService {
  private readonly now: () => Date;

  constructor(private readonly deps: SavedDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Idempotent: saving a saved event changes nothing. Only public events; at most MAX_SAVED_EVENTS each. */
  async save(principal: Principal, eventId: number): Promise<SavedState> {
    const owner = ownerOf(principal);
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.isPublished(tx, eventId))) throw notFound('event_not_found');
      if (await repo.isSaved(tx, owner, eventId)) return;
      if ((await repo.countSaved(tx, owner)) >= MAX_SAVED_EVENTS) throw unprocessable('saved_limit', { max: MAX_SAVED_EVENTS });
      await repo.insertSaved(tx, owner, eventId);
      if (owner.guestId !== undefined) {
        // A guest's saves live as long as its token family can be refreshed (saved-jobs.ts).
        await repo.rememberGuest(tx, owner.guestId, principal.familyId);
        await schedulePrune(this.deps.jobs, tx, this.now());
      }
    });
    return { event_id: eventId, saved: true };
  }

  /** Idempotent too: forgetting an event that is not saved (or no longer exists) is not an error. */
  async unsave(principal: Principal, eventId: number): Promise<SavedState> {
    await repo.deleteSaved(this.deps.db, ownerOf(principal), eventId);
    return { event_id: eventId, saved: false };
  }

  async ids(principal: Principal): Promise<SavedIds> {
    return { ids: await repo.savedIds(this.deps.db, ownerOf(principal)) };
  }

  async list(principal: Principal, locale: Locale, query: SavedEventQuery): Promise<SavedEventPage> {
    const limit = query.limit ?? SAVED_PAGE_SIZE;
    const cursor = readCursor(query.cursor, { ranked: true });
    const rows = await repo.listSaved(this.deps.db, { owner: ownerOf(principal), now: this.now(), limit: limit + 1, after: cursor });
    const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ rank: Number(row.tier), at: row.startsAt, id: Number(row.id) }));
    const names = await cardNames(this.deps.db, page);
    return { items: page.map((row) => this.toSavedEvent(row, locale, names)), next_cursor };
  }

  private toSavedEvent(row: repo.SavedRow, locale: Locale, names: CardNames): SavedEvent {
    const { distance_km: _distance, ...summary } = toEventSummary(row, locale, names);
    return { ...summary, saved_at: row.savedAt.toISOString(), change: changeOf(row), past: Number(row.tier) === 1 };
  }
}

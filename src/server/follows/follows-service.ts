import { pickLocalized, type Locale } from '../../shared/locales';
import { FOLLOW_LIMIT, type FollowKind, type FollowList, type FollowState, type OrganizerPage } from '../../shared/schemas/follows';
import type { CatalogService } from '../catalog/catalog-service';
import type { Db } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import * as repo from './follows-repository';
import type { FollowOwner } from './follows-repository';
import { organizerPage } from './organizer-page';
import type { JobQueue } from '../jobs/job-queue';
import { schedulePrune } from '../saved/saved-jobs';
import { rememberGuest } from '../saved/saved-repository';

export type { FollowOwner } from './follows-repository';

export interface FollowsDeps {
  db: Db;
  catalog: CatalogService;
  jobs: JobQueue;
  now?: () => Date;
}

/**
 * Following venues, organizers, categories and tags (issue 12, DESIGN §15). Idempotent both ways, bounded
 * per person, and private: every call names its owner from the bearer token, never from the request.
 * What a follow leads to (notifications, the digest) is in follows-jobs.ts.
 */
export class FollowsService {
  constructor(private readonly deps: FollowsDeps) {}

  /** `familyId`: a guest's token family, so that a guest's follows go when it can no longer come back. */
  async follow(input: { owner: FollowOwner; kind: FollowKind; id: number; familyId?: string }): Promise<FollowState> {
    const { owner, kind, id } = input;
    await this.deps.db.transaction(async (tx) => {
      if (!(await repo.findTarget(tx, kind, id))) throw notFound('follow_target_not_found');
      await repo.lockOwner(tx, owner);
      if (await repo.isFollowing(tx, owner, kind, id)) return;
      if ((await repo.countFollows(tx, owner)) >= FOLLOW_LIMIT) throw conflict('follow_limit', { limit: FOLLOW_LIMIT });
      await repo.insertFollow(tx, owner, kind, id);
      if (owner.guestId !== undefined && input.familyId) {
        // The guest registry and its pruning job are the saves' (saved-jobs.ts): one rule for guest rows.
        await rememberGuest(tx, owner.guestId, input.familyId);
        await schedulePrune(this.deps.jobs, tx, (this.deps.now ?? (() => new Date()))());
      }
    });
    return { kind, id, following: true };
  }

  /** Stops following; not following (or a target that no longer exists) is already the wanted state. */
  async unfollow(input: { owner: FollowOwner; kind: FollowKind; id: number }): Promise<FollowState> {
    await repo.deleteFollow(this.deps.db, input.owner, input.kind, input.id);
    return { kind: input.kind, id: input.id, following: false };
  }

  async list(input: { owner: FollowOwner; locale: Locale }): Promise<FollowList> {
    const rows = await repo.listFollows(this.deps.db, input.owner);
    return {
      items: rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        name: pickLocalized(row.names, input.locale),
        slug: row.slug,
        followed_at: row.createdAt.toISOString(),
      })),
      limit: FOLLOW_LIMIT,
    };
  }

  /** The public organizer page, or null when there is no such organizer (a 404). */
  async organizerPage(id: number, locale: Locale, options: { origin?: string } = {}): Promise<OrganizerPage | null> {
    return organizerPage(this.deps, { id, locale, origin: options.origin });
  }
}

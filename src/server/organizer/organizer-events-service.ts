import { pickLocalized, type Locale } from '../../shared/locales';
import type { CreateEventInput, CreateSeriesSchema, DuplicateEventSchema, EventListQuerySchema, OrganizerEvent, OrganizerEventListItem, PostponeEventSchema, UpdateEventInput } from '../../shared/schemas/organizer-workspace';
import type { z } from '../../shared/schemas/zod';
import type { Db } from '../db/client';
import type { JobContext } from '../jobs/job-queue';
import { keysetPage, readCursor } from '../lib/cursor';
import * as reservationsRepo from '../reservations/reservations-repository';
import { emptyCounts } from '../reservations/reservations-service';
import type { Publication } from './event-lifecycle';
import { roleAllows, requireOrganizerRoleFor, requireOrganizerRoles } from './organizer-access';
import { EVENT_CHANGE_JOB, FATES, PUBLISH_JOB, type EventsContext, type OrganizerEventsDeps } from './organizer-events-context';
import * as copies from './organizer-events-copies';
import * as editing from './organizer-events-editing';
import * as lifecycle from './organizer-events-lifecycle';
import { loadEvent, presentEvents } from './organizer-events-presentation';
import * as repo from './organizer-events-repository';

export { EVENT_CHANGE_JOB, organizerStatus, PUBLISH_JOB, type OrganizerEventsDeps } from './organizer-events-context';
export { eventSlug } from './organizer-events-editing';

type ListQuery = z.infer<typeof EventListQuerySchema>;
type PostponeInput = z.infer<typeof PostponeEventSchema>;
type DuplicateInput = z.infer<typeof DuplicateEventSchema>;
type SeriesInput = z.infer<typeof CreateSeriesSchema>;

/**
 * The organizer's events (DESIGN §14): drafts written in any language (organizer-events-editing.ts),
 * published through one table of moves and postponed with the holders told (organizer-events-lifecycle.ts),
 * duplicated and repeated as series (organizer-events-copies.ts). Every write is one transaction with the
 * event's history line and the organizer's activity entry. This class reads the lists and is what the
 * routes and jobs call.
 */
export class OrganizerEventsService {
  private readonly db: Db;
  private readonly context: EventsContext;

  constructor(deps: OrganizerEventsDeps) {
    this.db = deps.db;
    this.context = { ...deps, now: deps.now ?? (() => new Date()) };
    deps.jobs.register(PUBLISH_JOB, async (payload) => this.publishScheduled({ eventId: Number(payload.event_id), publishAt: String(payload.publish_at) }));
    deps.jobs.register(EVENT_CHANGE_JOB, async (payload, context: JobContext) =>
      deps.notifications.deliverEventChange(
        {
          reservationId: Number(payload.reservation_id),
          historyId: Number(payload.history_id),
          kind: payload.kind === 'event_postponed' ? 'event_postponed' : 'event_rescheduled',
          message: typeof payload.message === 'string' ? payload.message : null,
        },
        context,
      ),
    );
  }

  async list(input: { userId: string; query: ListQuery; locale: Locale }): Promise<{ items: OrganizerEventListItem[]; next_cursor: string | null }> {
    const access = await requireOrganizerRoles(this.db, { userId: input.userId, capability: ['read', 'door'] });
    // Door staff pick tonight's event at the door: they see upcoming published events, nothing else.
    const doorOnly = access.every((a) => !roleAllows(a.role, 'read'));
    const query = doorOnly ? { ...input.query, upcoming: 'true' as const, status: 'published' as const } : input.query;
    const now = this.context.now();
    const afterCursor = readCursor(query.cursor, { dated: true });
    const rows = await repo.listEvents(this.db, {
      organizerIds: access.map((a) => a.organizerId),
      publication: query.status && !(FATES as readonly string[]).includes(query.status) ? (query.status as Publication) : undefined,
      eventStatus: query.status && (FATES as readonly string[]).includes(query.status) ? (query.status as (typeof FATES)[number]) : undefined,
      q: query.q?.trim() || undefined,
      from: query.upcoming === 'true' ? now : undefined,
      until: query.upcoming === 'false' ? now : undefined,
      after: afterCursor && { startsAt: afterCursor.at, id: afterCursor.id },
      limit: query.limit + 1,
    });
    const { page, next_cursor } = keysetPage(rows, query.limit, (row) => ({ at: row.startsAt, id: row.id }));
    const events = await presentEvents(this.db, page, input.locale);
    const ids = page.filter((row) => row.reservable).map((row) => row.id);
    const [capacities, counts] = await Promise.all([
      reservationsRepo.eventCapacities(this.db, { eventIds: ids }),
      reservationsRepo.countsForEvents(this.db, ids),
    ]);
    const items = events.map((event, index): OrganizerEventListItem => {
      const row = page[index]!;
      const { title, ...rest } = event;
      const item: OrganizerEventListItem = { ...rest, title: pickLocalized(row.title, input.locale, row.sourceLocale), titles: title, event_id: row.id };
      const capacity = capacities.find((entry) => entry.eventId === row.id);
      if (!capacity) return item;
      const perStatus = emptyCounts();
      for (const count of counts) if (count.eventId === row.id) perStatus[count.status] = count.count;
      return {
        ...item,
        mode: capacity.mode,
        capacity: capacity.capacity,
        taken: capacity.taken,
        remaining: Math.max(0, capacity.capacity - capacity.taken),
        waitlisted: capacity.waitlisted,
        waitlisted_people: capacity.waitlistedPeople,
        party_min: capacity.partyMin,
        party_max: capacity.partyMax,
        deadline: capacity.deadline.toISOString(),
        counts: perStatus,
      };
    });
    return { items, next_cursor };
  }

  async get(input: { userId: string; eventId: number; locale: Locale }): Promise<OrganizerEvent> {
    await requireOrganizerRoleFor(this.db, { userId: input.userId, capability: 'read', target: { type: 'event', id: input.eventId } });
    return loadEvent(this.db, input.eventId, input.locale);
  }

  create(input: { userId: string; event: CreateEventInput; locale: Locale }): Promise<OrganizerEvent> {
    return editing.create(this.context, input);
  }

  update(input: { userId: string; eventId: number; changes: UpdateEventInput; locale: Locale }): Promise<OrganizerEvent> {
    return editing.update(this.context, input);
  }

  publish(input: { userId: string; eventId: number; publishAt?: string; locale: Locale }): Promise<OrganizerEvent> {
    return lifecycle.publish(this.context, input);
  }

  unpublish(input: { userId: string; eventId: number; locale: Locale }): Promise<OrganizerEvent> {
    return lifecycle.unpublish(this.context, input);
  }

  archive(input: { userId: string; eventId: number; locale: Locale }): Promise<OrganizerEvent> {
    return lifecycle.archive(this.context, input);
  }

  publishScheduled(input: { eventId: number; publishAt: string }): Promise<void> {
    return lifecycle.publishScheduled(this.context, input);
  }

  postpone(input: { userId: string; eventId: number; body: PostponeInput; locale: Locale }): Promise<OrganizerEvent> {
    return lifecycle.postpone(this.context, input);
  }

  duplicate(input: { userId: string; eventId: number; body: DuplicateInput; locale: Locale }): Promise<OrganizerEvent> {
    return copies.duplicate(this.context, input);
  }

  createSeries(input: { userId: string; body: SeriesInput; locale: Locale }) {
    return copies.createSeries(this.context, input);
  }
}

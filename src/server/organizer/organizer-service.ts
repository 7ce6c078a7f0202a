import { pickLocalized, type Locale } from '../../shared/locales';
import {
  DecisionStatusSchema,
  nextStatuses,
  type CancelEventResult,
  type Decision,
  type DecisionStatus,
  type EventCapacity,
  type OrganizerEvent,
  type OrganizerReservation,
  type OrganizerReservationList,
  type OrganizerReservationQuery,
  type ReservationStatus,
} from '../../shared/schemas/reservations';
import type { Db } from '../db/client';
import { keysetPage, readCursor } from '../lib/cursor';
import { requireOrganizerRoles } from './organizer-access';
import { forbidden, notFound } from '../lib/errors';
import { reservationHead } from '../reservations/reservation-mapping';
import * as repo from '../reservations/reservations-repository';
import { emptyCounts, historyEntries, type ReservationsService } from '../reservations/reservations-service';

const DEFAULT_PAGE = 50;
const DECISIONS: readonly string[] = DecisionStatusSchema.options;

/** Which events a user may manage: an admin any, an organizer those of the organizers they belong to. */
interface Scope {
  admin: boolean;
  organizerIds: number[];
}

/**
 * The organizer's back office for reservations. Authorisation lives here: an organizer sees and decides
 * only on reservations of their own organizers' events; someone else's is "not found".
 */
export class OrganizerService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      db: Db;
      reservations: ReservationsService;
      /** Called after an event's own data changed (its status), so catalogue caches drop it. */
      onEventChanged?: () => void;
      now?: () => Date;
    },
  ) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  async scope(userId: string): Promise<Scope> {
    const user = await repo.findUserRole(this.db, userId);
    if (!user || user.status !== 'active') throw forbidden('organizer_required');
    if (user.role === 'admin') return { admin: true, organizerIds: [] };
    // The member's role in each organizer decides (organizer-access.ts), not the account's platform role:
    // door staff and viewers see no reservations board.
    const access = await requireOrganizerRoles(this.db, { userId, capability: 'reservations' });
    return { admin: false, organizerIds: access.map((a) => a.organizerId) };
  }

  /** Upcoming reservable events in scope, with capacity and counts per status. */
  async events({ userId, locale }: { userId: string; locale: Locale }): Promise<{ items: OrganizerEvent[] }> {
    const scope = await this.scope(userId);
    const rows = await repo.eventCapacities(this.db, {
      organizerIds: scope.admin ? undefined : scope.organizerIds,
      from: this.now(),
    });
    const counts = await repo.countsForEvents(
      this.db,
      rows.map((row) => row.eventId),
    );
    return {
      items: rows.map((row) => {
        const perStatus = emptyCounts();
        for (const count of counts) if (count.eventId === row.eventId) perStatus[count.status] = count.count;
        return {
          ...this.toCapacity(row, locale),
          slug: row.slug,
          time_zone: row.timeZone,
          status: row.status,
          party_min: row.partyMin,
          party_max: row.partyMax,
          deadline: row.deadline.toISOString(),
          counts: perStatus,
        };
      }),
    };
  }

  async listReservations({
    userId,
    query,
    locale,
  }: {
    userId: string;
    query: OrganizerReservationQuery;
    locale: Locale;
  }): Promise<OrganizerReservationList> {
    const scope = await this.scope(userId);
    const organizerIds = scope.admin ? undefined : scope.organizerIds;
    if (query.event_id !== undefined) await this.assertEventInScope(query.event_id, scope);
    const limit = query.limit ?? DEFAULT_PAGE;
    const filter = { organizerIds, eventId: query.event_id, status: query.status };
    const rows = await repo.listReservationViews(this.db, { ...filter, beforeId: readCursor(query.cursor)?.id, limit: limit + 1 });
    const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ id: row.id }));
    const counts = emptyCounts();
    for (const row of await repo.countByStatus(this.db, filter)) counts[row.status] = row.count;
    const capacities = await repo.eventCapacities(
      this.db,
      query.event_id !== undefined ? { eventIds: [query.event_id] } : { organizerIds, from: this.now() },
    );
    return {
      items: await this.toOrganizerReservations(page, locale),
      next_cursor,
      counts,
      capacity: capacities.map((row) => this.toCapacity(row, locale)),
    };
  }

  async decide({ userId, id, decision, locale }: { userId: string; id: number; decision: Decision; locale: Locale }): Promise<OrganizerReservation> {
    const scope = await this.scope(userId);
    await this.findInScope(id, scope);
    await this.deps.reservations.decide({ actorUserId: userId, id, decision });
    const row = await this.findInScope(id, scope);
    const [reservation] = await this.toOrganizerReservations([row], locale);
    return reservation!;
  }

  /**
   * Calls the event off: the organizer of the event (or an admin) cancels it and, in the same transaction,
   * every open reservation of it, each guest told with `message`. Someone else's event is 403: events
   * are public, so refusing says nothing a visitor could not see.
   */
  async cancelEvent({ userId, eventId, message }: { userId: string; eventId: number; message: string }): Promise<CancelEventResult> {
    const scope = await this.scope(userId);
    const event = await repo.findEventSettings(this.db, eventId);
    if (!event) throw notFound('event_not_found');
    if (!scope.admin && (event.organizerId === null || !scope.organizerIds.includes(event.organizerId))) throw forbidden();
    const cancelled = await this.deps.reservations.cancelEvent({ actorUserId: userId, eventId, message });
    this.deps.onEventChanged?.();
    return { event_id: eventId, status: 'cancelled', cancelled_reservations: cancelled };
  }

  private async findInScope(id: number, scope: Scope) {
    const [row] = await repo.listReservationViews(this.db, { ids: [id], organizerIds: scope.admin ? undefined : scope.organizerIds });
    if (!row) throw notFound('reservation_not_found');
    return row;
  }

  private async assertEventInScope(eventId: number, scope: Scope) {
    const event = await repo.findEventSettings(this.db, eventId);
    if (!event || (!scope.admin && (event.organizerId === null || !scope.organizerIds.includes(event.organizerId)))) {
      throw notFound('event_not_found');
    }
  }

  private toCapacity(row: Awaited<ReturnType<typeof repo.eventCapacities>>[number], locale: Locale): EventCapacity {
    return {
      event_id: row.eventId,
      title: pickLocalized(row.title, locale),
      starts_at: row.startsAt.toISOString(),
      mode: row.mode,
      capacity: row.capacity,
      taken: row.taken,
      remaining: Math.max(0, row.capacity - row.taken),
      waitlisted: row.waitlisted,
      waitlisted_people: row.waitlistedPeople,
    };
  }

  private async toOrganizerReservations(rows: repo.ReservationViewRow[], locale: Locale): Promise<OrganizerReservation[]> {
    const ids = rows.map((row) => row.id);
    const [history, guests] = await Promise.all([
      repo.historyFor(this.db, ids),
      repo.guestsFor(
        this.db,
        rows.flatMap((row) => (row.userId ? [row.userId] : [])),
      ),
    ]);
    return rows.map((row) => {
      const guest = guests.find((candidate) => candidate.id === row.userId);
      const deleted = !guest || guest.status === 'deleted';
      return {
        ...reservationHead(row),
        guest: {
          first_name: deleted ? null : guest.firstName,
          last_name: deleted ? null : guest.lastName,
          email: deleted ? null : guest.email,
          phone_number: deleted ? null : guest.phoneNumber,
          deleted,
        },
        event: {
          id: row.eventId,
          slug: row.eventSlug,
          title: pickLocalized(row.eventTitle, locale),
          starts_at: row.eventStartsAt.toISOString(),
          time_zone: row.eventTimeZone,
        },
        history: historyEntries(history, row.id),
        waitlist_position: row.waitlistPosition,
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        allowed_decisions: nextStatuses(row.status as ReservationStatus, 'venue').filter((status): status is DecisionStatus =>
          DECISIONS.includes(status),
        ),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    });
  }
}

import { randomInt } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import {
  RESERVATION_CODE_ALPHABET,
  RESERVATION_CODE_LENGTH,
  canTransition,
  type CreateReservation,
  type Decision,
  type Reservation,
  type ReservationActor,
  type ReservationList,
  type ReservationOptions,
  type ReservationQuery,
  type ReservationStatus,
} from '../../shared/schemas/reservations';
import type { Db, DbOrTx } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { keysetPage, readCursor } from '../lib/cursor';
import { AppError, conflict, notFound } from '../lib/errors';
import type { NotificationsService } from '../notifications/notifications-service';
import { toReservations } from './reservation-mapping';
import * as repo from './reservations-repository';
import { notifySavers } from '../saved/saved-notices';
import { DAY_MS } from '../../shared/constants';

export { emptyCounts, historyEntries } from './reservation-mapping';

export const NOTIFY_JOB = 'reservation.notify';
/** Tells the event's organizers about new work: a request to review, a guest's answer, a cancellation. */
export const NOTIFY_VENUE_JOB = 'reservation.notify_venue';
export const REMINDER_JOB = 'reservation.reminder';
/** The reminder goes out this long before the event starts. */
export const REMINDER_BEFORE_MS = DAY_MS;
const DEFAULT_PAGE = 20;

/** The one thing reservations need from accounts: throws 403 `not_eligible` (with what is missing). */
export interface EligibilityCheck {
  requireEligible(userId: string): Promise<unknown>;
}

/** One of a guest's reservations, answered in `locale`. */
export interface ReservationRef {
  userId: string;
  id: number;
  locale: Locale;
}

export interface ReservationsDeps {
  db: Db;
  jobs: JobQueue;
  notifications: NotificationsService;
  users: EligibilityCheck;
  now?: () => Date;
}

/**
 * The changes an organizer must hear about: a request that needs review (new, answered, or moved up from
 * the waitlist in approval mode), and a guest giving up an accepted place.
 */
export function venueShouldHear(from: ReservationStatus | null, to: ReservationStatus, by: ReservationActor): boolean {
  if (to === 'pending') return true;
  return from === 'accepted' && to === 'cancelled' && by === 'guest';
}

export function generateReservationCode(): string {
  let code = '';
  for (let i = 0; i < RESERVATION_CODE_LENGTH; i++) code += RESERVATION_CODE_ALPHABET[randomInt(RESERVATION_CODE_ALPHABET.length)];
  return code;
}



/**
 * Reservations (DESIGN §6): capacity checked under a row lock, one table of allowed moves, an audit line
 * and a notification job written in the same transaction as every status change.
 */
export class ReservationsService {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(private readonly deps: ReservationsDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
    deps.jobs.register(NOTIFY_JOB, async (payload, context) => {
      await deps.notifications.deliverStatusChange(Number(payload.history_id), context);
    });
    deps.jobs.register(NOTIFY_VENUE_JOB, async (payload, context) => {
      await deps.notifications.deliverVenueNotice(Number(payload.history_id), context);
    });
    deps.jobs.register(REMINDER_JOB, async (payload, context) => {
      await deps.notifications.deliverReminder(Number(payload.reservation_id), context);
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Guest
  // -------------------------------------------------------------------------------------------------------

  async create({ userId, input, locale }: { userId: string; input: CreateReservation; locale: Locale }): Promise<Reservation> {
    await this.deps.users.requireEligible(userId);
    const id = await this.db.transaction(async (tx) => {
      const settings = await repo.lockEventSettings(tx, input.event_id);
      if (!settings) {
        const event = await repo.findEventSettings(tx, input.event_id);
        if (!event || !event.published) throw notFound('event_not_found');
        throw conflict('not_reservable');
      }
      this.assertOpen(settings);
      if (input.party_size > settings.partyMax) throw new AppError('unprocessable', 'party_too_large', { params: { max: settings.partyMax } });
      if (input.party_size < settings.partyMin) throw new AppError('unprocessable', 'party_too_small', { params: { min: settings.partyMin } });
      if (await repo.findActiveReservation(tx, input.event_id, userId)) throw conflict('already_reserved');

      const taken = await repo.takenPlaces(tx, input.event_id);
      const fits = taken + input.party_size <= settings.capacity;
      const status: ReservationStatus = !fits ? 'waitlisted' : settings.mode === 'instant' ? 'accepted' : 'pending';
      if (!canTransition(null, status, 'guest')) throw conflict('invalid_transition');
      const code = status === 'accepted' ? await this.newCode(tx) : null;
      const reservationId = await repo.insertReservation(tx, {
        eventId: input.event_id,
        userId,
        status,
        partySize: input.party_size,
        note: input.note || null,
        code,
      });
      await this.record(tx, { id: reservationId, startsAt: settings.startsAt }, null, status, 'guest', userId, null);
      return reservationId;
    });
    return this.getOwn({ userId, id, locale });
  }

  async list({ userId, query, locale }: { userId: string; query: ReservationQuery; locale: Locale }): Promise<ReservationList> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const rows = await repo.listReservationViews(this.db, {
      userId,
      status: query.status,
      scope: query.scope,
      now: this.now(),
      beforeId: readCursor(query.cursor)?.id,
      limit: limit + 1,
    });
    const { page, next_cursor } = keysetPage(rows, limit, (row) => ({ id: row.id }));
    return { items: await toReservations({ db: this.db, rows: page, locale, now: this.now() }), next_cursor };
  }

  /** One of the user's own reservations; someone else's is "not found" (existence is not leaked). */
  async getOwn({ userId, id, locale }: ReservationRef): Promise<Reservation> {
    const [row] = await repo.listReservationViews(this.db, { ids: [id], userId });
    if (!row) throw notFound('reservation_not_found');
    const [reservation] = await toReservations({ db: this.db, rows: [row], locale, now: this.now() });
    return reservation!;
  }

  async options({ eventId, userId }: { eventId: number; userId?: string }): Promise<ReservationOptions> {
    const event = await repo.findEventSettings(this.db, eventId);
    if (!event || !event.published) throw notFound('event_not_found');
    const taken = event.hasSettings ? await repo.takenPlaces(this.db, eventId) : 0;
    const mine = userId ? await repo.findActiveReservation(this.db, eventId, userId) : undefined;
    const closedReason = this.closedReason(event);
    const capacity = event.capacity ?? 0;
    return {
      event_id: eventId,
      reservable: event.reservable && event.hasSettings,
      open: closedReason === null,
      closed_reason: closedReason,
      mode: event.mode ?? 'instant',
      party_min: event.partyMin ?? 1,
      party_max: event.partyMax ?? 1,
      deadline: event.deadline.toISOString(),
      capacity,
      remaining: Math.max(0, capacity - taken),
      my_reservation: mine ? { id: mine.id, status: mine.status } : null,
    };
  }

  async cancel(ref: ReservationRef): Promise<Reservation> {
    await this.guestChange(ref.userId, ref.id, 'cancelled', null);
    return this.getOwn(ref);
  }

  /** The guest answers the venue's question: `action_needed` → `pending`, with the answer in the trail. */
  async respond({ message, ...ref }: ReservationRef & { message: string }): Promise<Reservation> {
    await this.guestChange(ref.userId, ref.id, 'pending', message);
    return this.getOwn(ref);
  }

  /** "I'm coming" from the reminder: records the confirmation; the status stays `accepted`. */
  async confirm({ userId, id, locale }: ReservationRef): Promise<Reservation> {
    await this.db.transaction(async (tx) => {
      const row = await repo.findReservationCore(tx, id, true);
      if (!row || row.userId !== userId) throw notFound('reservation_not_found');
      if (row.status !== 'accepted') throw conflict('invalid_transition');
      const event = await repo.findEventSettings(tx, row.eventId);
      if (!event || event.startsAt <= this.now()) throw conflict('event_started');
      if (!row.confirmedAt) await repo.setConfirmed(tx, id);
    });
    return this.getOwn({ userId, id, locale });
  }

  // -------------------------------------------------------------------------------------------------------
  // Venue (the organizer service checks who may decide before calling this)
  // -------------------------------------------------------------------------------------------------------

  /**
   * Accept, reject, ask for action or cancel. A venue cancellation frees the places like a guest's does
   * (the waitlist moves up), and is allowed after the guest's deadline too: the venue cannot always plan.
   */
  async decide({ actorUserId, id, decision }: { actorUserId: string; id: number; decision: Decision }): Promise<void> {
    const core = await repo.findReservationCore(this.db, id);
    if (!core) throw notFound('reservation_not_found');
    await this.db.transaction(async (tx) => {
      const settings = await repo.lockEventSettings(tx, core.eventId);
      const row = await repo.findReservationCore(tx, id, true);
      if (!row || !settings) throw notFound('reservation_not_found');
      if (!canTransition(row.status, decision.status, 'venue')) throw conflict('invalid_transition');
      await this.record(tx, { ...row, startsAt: settings.startsAt }, row.status, decision.status, 'venue', actorUserId, decision.message || null);
      const freesPlaces = decision.status === 'rejected' || (decision.status === 'cancelled' && row.status !== 'waitlisted');
      if (freesPlaces) await this.promote(tx, settings);
    });
  }

  /**
   * The event is called off: its status becomes `cancelled` and every open reservation is cancelled by the
   * venue with `message`, each with its audit line and guest notification, all in one transaction. Nobody
   * is promoted (there is nothing to go to). Repeating it cancels nothing more. Returns how many were cancelled.
   */
  async cancelEvent({ actorUserId, eventId, message }: { actorUserId: string; eventId: number; message: string }): Promise<number> {
    return this.db.transaction(async (tx) => {
      // Same lock as every reservation change, so no request slips in while the event is being cancelled.
      await repo.lockEventSettings(tx, eventId);
      const event = await repo.findEventSettings(tx, eventId);
      if (!event) throw notFound('event_not_found');
      if (event.eventStatus !== 'cancelled') await repo.setEventCancelled(tx, eventId);
      await notifySavers(tx, { eventId, change: 'cancelled' });
      const open = await repo.lockOpenReservations(tx, eventId);
      for (const row of open) {
        if (!canTransition(row.status, 'cancelled', 'venue')) throw conflict('invalid_transition');
        await this.record(tx, { ...row, startsAt: event.startsAt }, row.status, 'cancelled', 'venue', actorUserId, message);
      }
      return open.length;
    });
  }

  /**
   * Part of account deletion, in the deleting transaction: every open reservation of the user for an event
   * that has not started is cancelled as the guest's own act (audit line, notices as for any cancellation,
   * waitlist moved up), whatever the deadline, since the guest cannot come any more; then what the guest
   * wrote (notes, answers to the venue) is erased from all their reservations. Returns how many were cancelled.
   */
  async releaseForDeletedAccount(tx: DbOrTx, userId: string): Promise<number> {
    const cancelled = await this.releaseOpenReservationsOf(tx, userId, { by: 'guest', actorUserId: userId });
    await repo.eraseGuestWords(tx, userId);
    return cancelled;
  }

  /**
   * In the caller's transaction (account deletion, suspension): every open reservation of the user for an
   * event that has not started is cancelled, whatever the deadline, since the guest will not come; each with
   * its history line and notices as for any cancellation, and the waitlist moved up. `by` is whose act it
   * is: the guest's own (deletion) or the venue side's (an admin suspending). Returns how many were cancelled.
   */
  async releaseOpenReservationsOf(
    tx: DbOrTx,
    userId: string,
    cause: { by: ReservationActor; actorUserId: string | null },
  ): Promise<number> {
    let cancelled = 0;
    for (const eventId of await repo.eventsWithOpenReservationsOf(tx, userId, this.now())) {
      // Lock order everywhere: the event's settings row, then reservation rows (no deadlocks).
      const settings = await repo.lockEventSettings(tx, eventId);
      const open = await repo.lockOpenReservationsOfUser(tx, eventId, userId);
      if (!settings) continue;
      let freed = false;
      for (const row of open) {
        if (!canTransition(row.status, 'cancelled', cause.by)) continue;
        await this.record(tx, { ...row, startsAt: settings.startsAt }, row.status, 'cancelled', cause.by, cause.actorUserId, null);
        freed ||= row.status !== 'waitlisted';
        cancelled += 1;
      }
      if (freed) await this.promote(tx, settings);
    }
    return cancelled;
  }

  // -------------------------------------------------------------------------------------------------------
  // Internals
  // -------------------------------------------------------------------------------------------------------

  private async guestChange(userId: string, id: number, to: ReservationStatus, message: string | null) {
    const core = await repo.findReservationCore(this.db, id);
    if (!core || core.userId !== userId) throw notFound('reservation_not_found');
    await this.db.transaction(async (tx) => {
      // Lock order everywhere: the event's settings row, then reservation rows (no deadlocks).
      const settings = await repo.lockEventSettings(tx, core.eventId);
      const row = await repo.findReservationCore(tx, id, true);
      if (!row || row.userId !== userId || !settings) throw notFound('reservation_not_found');
      if (!canTransition(row.status, to, 'guest')) throw conflict('invalid_transition');
      if (settings.deadline <= this.now()) throw conflict('reservation_deadline_passed');
      await this.record(tx, { ...row, startsAt: settings.startsAt }, row.status, to, 'guest', userId, message);
      if (to === 'cancelled' && row.status !== 'waitlisted') await this.promote(tx, settings);
    });
  }

  /**
   * Applies one allowed move: the status (and a door code when first accepted), the audit line, the
   * notification job and, for an acceptance, the reminder job, all in the caller's transaction.
   */
  private async record(
    tx: DbOrTx,
    reservation: { id: number; code?: string | null; startsAt: Date },
    from: ReservationStatus | null,
    to: ReservationStatus,
    by: ReservationActor,
    actorUserId: string | null,
    message: string | null,
  ) {
    if (from !== null) {
      const code = to === 'accepted' && !reservation.code ? await this.newCode(tx) : null;
      await repo.updateStatus(tx, reservation.id, to, code);
    }
    const historyId = await repo.insertHistory(tx, {
      reservationId: reservation.id,
      fromStatus: from,
      toStatus: to,
      actor: by,
      actorUserId,
      message,
    });
    await this.deps.jobs.enqueue(tx, {
      type: NOTIFY_JOB,
      payload: { history_id: historyId },
      idempotencyKey: `${NOTIFY_JOB}:${historyId}`,
    });
    if (venueShouldHear(from, to, by)) {
      await this.deps.jobs.enqueue(tx, {
        type: NOTIFY_VENUE_JOB,
        payload: { history_id: historyId },
        idempotencyKey: `${NOTIFY_VENUE_JOB}:${historyId}`,
      });
    }
    if (to === 'accepted') {
      const runAt = new Date(Math.max(this.now().getTime(), reservation.startsAt.getTime() - REMINDER_BEFORE_MS));
      await this.deps.jobs.enqueue(tx, {
        type: REMINDER_JOB,
        payload: { reservation_id: reservation.id },
        runAt,
        idempotencyKey: `${REMINDER_JOB}:${reservation.id}`,
      });
    }
  }

  /**
   * Freed places go to the waitlist in order (created_at, id): each party that fits is promoted
   * (instant → accepted, approval → pending); a party too large for what is left waits on, at the head,
   * while smaller ones behind it move up: first-fit, so places are not left empty
   * (docs/decisions/0007-waitlist-promotion.md).
   */
  private async promote(tx: DbOrTx, settings: NonNullable<repo.EventSettingsRow>) {
    if (settings.startsAt <= this.now() || settings.eventStatus === 'cancelled' || settings.capacity === null) return;
    let remaining = settings.capacity - (await repo.takenPlaces(tx, settings.eventId));
    if (remaining <= 0) return;
    const to: ReservationStatus = settings.mode === 'approval' ? 'pending' : 'accepted';
    for (const waiting of await repo.lockWaitlist(tx, settings.eventId)) {
      if (remaining <= 0) break;
      if (waiting.partySize > remaining) continue;
      await this.record(tx, { ...waiting, startsAt: settings.startsAt }, 'waitlisted', to, 'system', null, null);
      remaining -= waiting.partySize;
    }
  }

  private closedReason(event: NonNullable<repo.EventSettingsRow>): string | null {
    if (!event.reservable || !event.hasSettings) return 'not_reservable';
    if (event.eventStatus === 'cancelled') return 'event_closed';
    // Checked on its own, not only through the deadline (capped at the start), so the reason says so.
    if (event.startsAt <= this.now()) return 'event_started';
    if (event.deadline <= this.now()) return 'reservation_deadline_passed';
    return null;
  }

  private assertOpen(event: NonNullable<repo.EventSettingsRow>) {
    if (!event.published) throw notFound('event_not_found');
    const reason = this.closedReason(event);
    if (reason) throw conflict(reason);
  }

  private async newCode(tx: DbOrTx): Promise<string> {
    for (;;) {
      const code = generateReservationCode();
      if (!(await repo.codeExists(tx, code))) return code;
    }
  }
}

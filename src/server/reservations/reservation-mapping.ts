import { pickLocalized, type Locale } from '../../shared/locales';
import {
  ACTIVE_STATUSES,
  RESERVATION_STATUSES,
  type Reservation,
  type ReservationHistoryEntry,
  type ReservationStatus,
  type StatusCounts,
} from '../../shared/schemas/reservations';
import type { DbOrTx } from '../db/client';
import * as repo from './reservations-repository';

/** Rows to the shared answer shapes (src/shared/schemas/reservations.ts), for the guest and the venue. */

const isActive = (status: ReservationStatus) => (ACTIVE_STATUSES as readonly ReservationStatus[]).includes(status);

export function emptyCounts(): StatusCounts {
  return Object.fromEntries(RESERVATION_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

export function historyEntries(rows: Awaited<ReturnType<typeof repo.historyFor>>, reservationId: number): ReservationHistoryEntry[] {
  return rows
    .filter((row) => row.reservationId === reservationId)
    .map((row) => ({ from: row.fromStatus, to: row.toStatus, by: row.actor, message: row.message, at: row.createdAt.toISOString() }));
}

/** What every view of a reservation starts with, the guest's and the organizer's alike. */
export function reservationHead(row: Pick<repo.ReservationViewRow, 'id' | 'code' | 'status' | 'partySize' | 'note'>) {
  return { id: row.id, code: row.code, status: row.status, party_size: row.partySize, note: row.note };
}

/** The guest's reservations with their history, and what the guest may do with each at `now`. */
export async function toReservations({
  db,
  rows,
  locale,
  now,
}: {
  db: DbOrTx;
  rows: repo.ReservationViewRow[];
  locale: Locale;
  now: Date;
}): Promise<Reservation[]> {
  const history = await repo.historyFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const entries = historyEntries(history, row.id);
    const title = pickLocalized(row.eventTitle, locale);
    const image = row.eventImages[0];
    const beforeDeadline = row.deadline > now;
    const lastAsk = [...entries].reverse().find((entry) => entry.to === 'action_needed');
    const cancelled = row.status === 'cancelled' ? [...entries].reverse().find((entry) => entry.to === 'cancelled') : undefined;
    return {
      ...reservationHead(row),
      event: {
        id: row.eventId,
        slug: row.eventSlug,
        title,
        starts_at: row.eventStartsAt.toISOString(),
        ends_at: row.eventEndsAt?.toISOString() ?? null,
        time_zone: row.eventTimeZone,
        venue_name: row.venueName,
        venue_address: row.venueStreet ? [row.venueStreet, row.venueLocality].filter(Boolean).join(', ') : null,
        image: image ? { url: image.url, width: image.width, height: image.height, alt: pickLocalized(image.alt, locale) || title } : null,
        status: row.eventStatus,
      },
      history: entries,
      can_cancel: isActive(row.status) && beforeDeadline,
      can_respond: row.status === 'action_needed' && beforeDeadline,
      can_confirm: row.status === 'accepted' && !row.confirmedAt && row.eventStartsAt > now,
      action_message: row.status === 'action_needed' ? (lastAsk?.message ?? null) : null,
      waitlist_position: row.waitlistPosition,
      others_waiting: row.othersWaiting,
      cancellation: cancelled ? { by: cancelled.by, message: cancelled.message, at: cancelled.at } : null,
      deadline: row.deadline.toISOString(),
      confirmed_at: row.confirmedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

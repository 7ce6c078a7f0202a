import type { Problem } from '../../../shared/schemas/problem';
import type { Reservation } from '../../../shared/schemas/reservations';
import { claimPrivateData, privateDataOwner, readPrivateItem, writePrivateItem } from '../../lib/private-data';
import { useUserStore } from '../../stores/user-store';
import { HOUR_MS } from '../../../shared/constants';

/**
 * Issue #12: "a person's accepted reservations, with their QR codes, open offline at the door". The API
 * never lets its answers be cached (private, no-store), so the pages keep the person's accepted, upcoming
 * reservations themselves (the QR code is drawn from the reservation's code), as private data of the
 * signed-in person (lib/private-data.ts: deleted on sign-out and when someone else signs in).
 */

const ITEM = 'reservations';
/** A door opens some hours after the start; past that the reservation is no longer needed offline. */
const KEEP_AFTER_START_MS = 12 * HOUR_MS;
const MAX_KEPT = 50;

interface Kept {
  items: Reservation[];
}

function kept(): Reservation[] {
  const value = readPrivateItem(ITEM) as Kept | null;
  return Array.isArray(value?.items) ? value.items : [];
}

const useful = (reservation: Reservation, now: number) =>
  reservation.status === 'accepted' && !!reservation.code && Date.parse(reservation.event.starts_at) + KEEP_AFTER_START_MS > now;

/** Whether a failed load failed for want of a network (and not because the server refused it). */
export function isOfflineFailure(result: { ok: false; status: number; problem: Problem }): boolean {
  return result.status === 0 && result.problem.code === 'network';
}

/**
 * Notes what the server just said about these reservations: accepted upcoming ones are kept (the newest
 * copy), any other status drops a kept copy.
 */
export function keepReservations(reservations: readonly Reservation[], now = Date.now()): void {
  const user = useUserStore.getState().user?.id;
  const owner = privateDataOwner();
  // Signed in, but the data is not yet theirs (the page's first load): claim it first (deletes anyone else's).
  if (user && user !== owner) {
    void claimPrivateData(user).then(() => keepReservations(reservations, now));
    return;
  }
  const userId = user ?? owner;
  if (!userId) return;
  const fresh = new Map(reservations.map((reservation) => [reservation.id, reservation]));
  const items = [
    ...reservations.filter((reservation) => useful(reservation, now)),
    ...kept().filter((reservation) => !fresh.has(reservation.id) && useful(reservation, now)),
  ]
    .sort((a, b) => a.event.starts_at.localeCompare(b.event.starts_at))
    .slice(0, MAX_KEPT);
  writePrivateItem(ITEM, userId, { items } satisfies Kept);
}

/** The kept accepted reservations, soonest first. */
export function keptReservations(now = Date.now()): Reservation[] {
  return kept().filter((reservation) => useful(reservation, now));
}

export function keptReservation(id: number, now = Date.now()): Reservation | null {
  return keptReservations(now).find((reservation) => reservation.id === id) ?? null;
}

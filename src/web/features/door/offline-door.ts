import type { CheckInSyncResult, Guest, GuestList } from '../../../shared/schemas/organizer-door';
import { reservationCodeIn } from '../../../shared/reservation-code';

/**
 * The door without a network (DESIGN §14): the event's guest list kept on the device, scans checked
 * against it and queued, and the queue's results from `POST /organizer/check-in/sync` merged back (the
 * earliest scan of a code wins, on the server). Pure functions: the page keeps the state and the storage.
 */

export interface QueuedScan {
  code: string;
  event_id: number;
  scanned_at: string;
}

export type LocalResult = 'checked_in' | 'already_checked_in' | 'not_accepted' | 'not_found';

export interface LocalCheckIn {
  result: LocalResult;
  /** The guest as it is now on the device (after the check-in), or null for an unknown code. */
  guest: Guest | null;
  list: GuestList;
}

/** Parties and people with an accepted reservation, and how many of them are in. */
export function guestTotals(guests: readonly Guest[], byStatus: GuestList['totals']['by_status']): GuestList['totals'] {
  const accepted = guests.filter((guest) => guest.status === 'accepted');
  const inside = accepted.filter((guest) => guest.checked_in_at !== null);
  const people = (list: Guest[]) => list.reduce((sum, guest) => sum + guest.party_size, 0);
  return {
    parties: accepted.length,
    people: people(accepted),
    checked_in_parties: inside.length,
    checked_in_people: people(inside),
    by_status: byStatus,
  };
}

function replaceGuest(list: GuestList, guest: Guest): GuestList {
  const guests = list.guests.map((candidate) => (candidate.reservation_id === guest.reservation_id ? guest : candidate));
  return { ...list, guests, totals: guestTotals(guests, list.totals.by_status) };
}

/** Checks a code against the list on the device; a valid one is marked in at `at` (by this device). */
export function checkInLocally(list: GuestList, text: string, at: string): LocalCheckIn {
  const code = reservationCodeIn(text);
  const guest = code ? list.guests.find((candidate) => candidate.code?.toUpperCase() === code) : undefined;
  if (!guest) return { result: 'not_found', guest: null, list };
  if (guest.status !== 'accepted') return { result: 'not_accepted', guest, list };
  if (guest.checked_in_at !== null) return { result: 'already_checked_in', guest, list };
  const checkedIn: Guest = { ...guest, checked_in_at: at, checked_in_by: null };
  return { result: 'checked_in', guest: checkedIn, list: replaceGuest(list, checkedIn) };
}

/** Records a check-in the server confirmed while online, so the list on the device stays current. */
export function markCheckedIn(list: GuestList, code: string, at: string, by: string | null): GuestList {
  const guest = list.guests.find((candidate) => candidate.code?.toUpperCase() === code.toUpperCase());
  if (!guest) return list;
  return replaceGuest(list, { ...guest, checked_in_at: guest.checked_in_at ?? at, checked_in_by: guest.checked_in_by ?? by });
}

/** Adds a scan to the queue; a code already waiting keeps its earlier scan (the first scan wins). */
export function enqueueScan(queue: readonly QueuedScan[], scan: QueuedScan): QueuedScan[] {
  const code = reservationCodeIn(scan.code) ?? scan.code;
  if (queue.some((queued) => queued.event_id === scan.event_id && queued.code === code)) return [...queue];
  return [...queue, { ...scan, code }];
}

export type SyncResult = CheckInSyncResult['results'][number];

export interface MergedSync {
  list: GuestList | null;
  /** Scans added while the batch was on its way: they wait for the next sync. */
  queue: QueuedScan[];
  /** Scans the server confirmed as this device's check-in. */
  confirmed: SyncResult[];
  /** Scans the server did not check in: someone else was first, or the reservation is no longer valid. */
  conflicts: SyncResult[];
}

const sameScan = (a: QueuedScan, b: QueuedScan) => a.code === b.code && a.event_id === b.event_id && a.scanned_at === b.scanned_at;

/**
 * Merges the server's answer to a sent batch: the server's check-in time and person replace the local
 * mark (another door may have been first), and a scan the server refused un-marks the guest.
 */
export function mergeSyncResults(list: GuestList | null, queue: readonly QueuedScan[], sent: readonly QueuedScan[], results: readonly SyncResult[]): MergedSync {
  let merged = list;
  for (const entry of results) {
    if (!merged) break;
    const guest = merged.guests.find((candidate) => candidate.code?.toUpperCase() === entry.code.toUpperCase());
    if (!guest) continue;
    const server = entry.reservation;
    const accepted = entry.result === 'checked_in' || entry.result === 'already_checked_in';
    merged = replaceGuest(merged, {
      ...guest,
      status: server?.status ?? guest.status,
      checked_in_at: accepted ? (server?.checked_in_at ?? guest.checked_in_at) : (server?.checked_in_at ?? null),
      checked_in_by: accepted ? (server?.checked_in_by_name ?? guest.checked_in_by) : (server?.checked_in_by_name ?? null),
    });
  }
  return {
    list: merged,
    queue: queue.filter((scan) => !sent.some((done) => sameScan(done, scan))),
    confirmed: results.filter((entry) => entry.result === 'checked_in'),
    conflicts: results.filter((entry) => entry.result !== 'checked_in'),
  };
}

import { describe, expect, it } from 'vitest';
import type { Guest, GuestList } from '../../../shared/schemas/organizer-door';
import { checkInLocally, enqueueScan, markCheckedIn, mergeSyncResults, type QueuedScan, type SyncResult } from './offline-door';
import { reservationCodeIn } from '../../../shared/reservation-code';

const guest = (id: number, code: string, overrides: Partial<Guest> = {}): Guest => ({
  reservation_id: id,
  code,
  name: `Guest ${id}`,
  party_size: 2,
  note: null,
  status: 'accepted',
  checked_in_at: null,
  checked_in_by: null,
  ...overrides,
});

const LIST: GuestList = {
  event: { id: 7, title: 'Jazz night', starts_at: '2030-05-01T19:00:00.000Z' },
  guests: [
    guest(1, 'AC34679', { party_size: 3 }),
    guest(2, 'DEFGH34', { checked_in_at: '2030-05-01T18:50:00.000Z', checked_in_by: 'Mira Door' }),
    guest(3, 'JKMNPQ7', { status: 'cancelled' }),
  ],
  totals: { parties: 2, people: 5, checked_in_parties: 1, checked_in_people: 2, by_status: { accepted: 2, cancelled: 1 } },
};

const AT = '2030-05-01T19:05:00.000Z';

describe('reservationCodeIn', () => {
  it('reads a code typed in any case, with spaces or dashes, or inside a longer QR payload', () => {
    expect(reservationCodeIn('ac3-4679')).toBe('AC34679');
    expect(reservationCodeIn(' ac3 4679 ')).toBe('AC34679');
    expect(reservationCodeIn('KUDA:AC34679')).toBe('AC34679');
    expect(reservationCodeIn('https://kuda.example/r/AC34679')).toBe('AC34679');
    expect(reservationCodeIn('hello')).toBeNull();
  });
});

describe('checkInLocally', () => {
  it('checks in a valid code on the device and counts the party in', () => {
    const outcome = checkInLocally(LIST, 'ac34679', AT);
    expect(outcome.result).toBe('checked_in');
    expect(outcome.guest?.checked_in_at).toBe(AT);
    expect(outcome.list.totals).toMatchObject({ checked_in_parties: 2, checked_in_people: 5 });
    expect(LIST.guests[0]?.checked_in_at).toBeNull();
  });

  it('says when a guest is already in, and by whom', () => {
    const outcome = checkInLocally(LIST, 'DEFGH34', AT);
    expect(outcome.result).toBe('already_checked_in');
    expect(outcome.guest?.checked_in_by).toBe('Mira Door');
    expect(outcome.list).toBe(LIST);
  });

  it('refuses a reservation that is not accepted and a code not on the list', () => {
    expect(checkInLocally(LIST, 'JKMNPQ7', AT).result).toBe('not_accepted');
    expect(checkInLocally(LIST, 'XYXYXY3', AT)).toMatchObject({ result: 'not_found', guest: null });
  });

  it('answers already checked in for the second scan of the same code', () => {
    const first = checkInLocally(LIST, 'AC34679', AT);
    expect(checkInLocally(first.list, 'AC34679', '2030-05-01T19:06:00.000Z').result).toBe('already_checked_in');
  });
});

describe('enqueueScan', () => {
  it('keeps the earliest scan of a code and normalises the code', () => {
    let queue: QueuedScan[] = [];
    queue = enqueueScan(queue, { code: 'ac3-4679', event_id: 7, scanned_at: AT });
    queue = enqueueScan(queue, { code: 'AC34679', event_id: 7, scanned_at: '2030-05-01T19:09:00.000Z' });
    queue = enqueueScan(queue, { code: 'DEFGH34', event_id: 7, scanned_at: '2030-05-01T19:10:00.000Z' });
    expect(queue).toEqual([
      { code: 'AC34679', event_id: 7, scanned_at: AT },
      { code: 'DEFGH34', event_id: 7, scanned_at: '2030-05-01T19:10:00.000Z' },
    ]);
  });
});

describe('markCheckedIn', () => {
  it('records a check-in the server confirmed and keeps an earlier one', () => {
    const list = markCheckedIn(LIST, 'ac34679', AT, 'Me');
    expect(list.guests[0]).toMatchObject({ checked_in_at: AT, checked_in_by: 'Me' });
    expect(markCheckedIn(LIST, 'DEFGH34', AT, 'Me').guests[1]?.checked_in_by).toBe('Mira Door');
  });
});

describe('mergeSyncResults', () => {
  const reservation = (code: string, checkedInAt: string | null, by: string | null, status = 'accepted') => ({
    id: 1,
    code,
    event_id: 7,
    event_title: 'Jazz night',
    party_size: 3,
    guest_name: 'Guest 1',
    status,
    checked_in_at: checkedInAt,
    checked_in_by_name: by,
  });

  it("takes the server's time and person when another door was first, and un-marks a refused scan", () => {
    let list = checkInLocally(LIST, 'AC34679', AT).list;
    const cancelledHere = { ...list, guests: list.guests.map((g) => (g.reservation_id === 3 ? { ...g, status: 'accepted' } : g)) };
    list = checkInLocally(cancelledHere, 'JKMNPQ7', AT).list;
    const sent: QueuedScan[] = [
      { code: 'AC34679', event_id: 7, scanned_at: AT },
      { code: 'JKMNPQ7', event_id: 7, scanned_at: AT },
    ];
    const results: SyncResult[] = [
      { ...sent[0]!, result: 'already_checked_in', reservation: reservation('AC34679', '2030-05-01T19:01:00.000Z', 'Other Door') },
      { ...sent[1]!, result: 'not_accepted', reservation: reservation('JKMNPQ7', null, null, 'cancelled') },
    ];
    const later: QueuedScan = { code: 'DEFGH34', event_id: 7, scanned_at: '2030-05-01T19:08:00.000Z' };
    const merged = mergeSyncResults(list, [...sent, later], sent, results);
    expect(merged.list?.guests[0]).toMatchObject({ checked_in_at: '2030-05-01T19:01:00.000Z', checked_in_by: 'Other Door' });
    expect(merged.list?.guests[2]).toMatchObject({ status: 'cancelled', checked_in_at: null });
    expect(merged.queue).toEqual([later]);
    expect(merged.confirmed).toEqual([]);
    expect(merged.conflicts.map((entry) => entry.result)).toEqual(['already_checked_in', 'not_accepted']);
  });

  it('confirms the scans the server checked in', () => {
    const sent: QueuedScan[] = [{ code: 'AC34679', event_id: 7, scanned_at: AT }];
    const merged = mergeSyncResults(null, sent, sent, [{ ...sent[0]!, result: 'checked_in', reservation: reservation('AC34679', AT, 'Me') }]);
    expect(merged).toMatchObject({ list: null, queue: [], conflicts: [] });
    expect(merged.confirmed).toHaveLength(1);
  });
});

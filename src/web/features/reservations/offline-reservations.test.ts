// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../shared/schemas/reservations';
import { claimPrivateData, clearPrivateData } from '../../lib/private-data';
import { useUserStore } from '../../stores/user-store';
import { USER } from '../../test-support/fake-api';
import { keepReservations, keptReservation, keptReservations } from './offline-reservations';

const NOW = Date.parse('2026-11-24T18:00:00Z');
const HOUR = 60 * 60 * 1000;

/** Only what the offline copy looks at; the rest of a reservation travels untouched. */
function reservation(id: number, status: Reservation['status'], startsInHours: number): Reservation {
  return {
    id,
    status,
    code: status === 'accepted' ? `CODE${id}` : null,
    event: { starts_at: new Date(NOW + startsInHours * HOUR).toISOString() },
  } as Reservation;
}

beforeEach(async () => {
  localStorage.clear();
  useUserStore.setState({ user: USER, loggedIn: true, checked: true });
  await claimPrivateData(USER.id);
});

describe('the accepted reservations kept for the door', () => {
  it('keeps accepted upcoming ones with their code, soonest first, and nothing else', () => {
    keepReservations([reservation(1, 'accepted', 48), reservation(2, 'pending', 24), reservation(3, 'accepted', 2), reservation(4, 'accepted', -20)], NOW);
    expect(keptReservations(NOW).map((item) => item.id)).toEqual([3, 1]);
    expect(keptReservation(3, NOW)?.code).toBe('CODE3');
    expect(keptReservation(2, NOW)).toBeNull();
  });

  it('a newer answer replaces the kept copy; one no longer accepted is dropped', () => {
    keepReservations([reservation(1, 'accepted', 48), reservation(3, 'accepted', 2)], NOW);
    keepReservations([reservation(1, 'cancelled', 48)], NOW);
    expect(keptReservations(NOW).map((item) => item.id)).toEqual([3]);
  });

  it('a reservation is kept a few hours past its start (the door is still open), then forgotten', () => {
    keepReservations([reservation(5, 'accepted', 1)], NOW);
    expect(keptReservation(5, NOW + 6 * HOUR)).not.toBeNull();
    expect(keptReservation(5, NOW + 14 * HOUR)).toBeNull();
  });

  it('nothing is kept or shown once the person has signed out', async () => {
    keepReservations([reservation(1, 'accepted', 48)], NOW);
    await clearPrivateData();
    useUserStore.setState({ user: null, loggedIn: false });
    keepReservations([reservation(1, 'accepted', 48)], NOW);
    expect(keptReservations(NOW)).toEqual([]);
  });
});

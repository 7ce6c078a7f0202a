import type { OrganizerReservation } from '../../../shared/schemas/reservations';

/** The guest's name as the venue sees it; a deleted account has none (DESIGN §4, anonymised). */
export function guestName(reservation: Pick<OrganizerReservation, 'guest'>, deletedLabel: string): string {
  const { guest } = reservation;
  if (guest.deleted) return deletedLabel;
  return [guest.first_name, guest.last_name].filter(Boolean).join(' ') || guest.email || deletedLabel;
}

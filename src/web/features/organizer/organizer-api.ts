import type {
  Decision,
  OrganizerEvent,
  OrganizerReservation,
  OrganizerReservationList,
  ReservationStatus,
} from '../../../shared/schemas/reservations';
import { type ApiResult, getApiClient } from '../../lib/api-client';

/** The reservations board: upcoming events that take reservations (the list holds every event, any state). */
export async function fetchOrganizerEvents(): Promise<ApiResult<{ items: OrganizerEvent[] }>> {
  const result = await getApiClient().get<{ items: Partial<OrganizerEvent>[] }>('/organizer/events', { query: { upcoming: 'true', limit: 100 } });
  if (!result.ok) return result;
  const reservable = result.data.items.filter((item): item is OrganizerEvent => item.capacity !== undefined);
  // Oldest first, as the board always showed them.
  return { ...result, data: { items: reservable.sort((a, b) => a.starts_at.localeCompare(b.starts_at)) } };
}

export function fetchOrganizerReservations(filter: {
  status?: ReservationStatus;
  eventId?: number;
  cursor?: string;
}): Promise<ApiResult<OrganizerReservationList>> {
  return getApiClient().get<OrganizerReservationList>('/organizer/reservations', {
    query: { status: filter.status, event_id: filter.eventId, cursor: filter.cursor, limit: 50 },
  });
}

export function decideReservation(id: number, decision: Decision): Promise<ApiResult<OrganizerReservation>> {
  return getApiClient().post<OrganizerReservation>(`/organizer/reservations/${id}/decision`, decision);
}

/** Cancels the event and every open reservation of it; each guest gets `message`. */
export { cancelOrganizerEvent } from '../../lib/organizer-calls';

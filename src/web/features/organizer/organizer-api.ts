import type {
  CancelEventResult,
  Decision,
  OrganizerEvent,
  OrganizerReservation,
  OrganizerReservationList,
  ReservationStatus,
} from '../../../shared/schemas/reservations';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export function fetchOrganizerEvents(): Promise<ApiResult<{ items: OrganizerEvent[] }>> {
  return getApiClient().get<{ items: OrganizerEvent[] }>('/organizer/events');
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
export function cancelOrganizerEvent(eventId: number, message: string): Promise<ApiResult<CancelEventResult>> {
  return getApiClient().post<CancelEventResult>(`/organizer/events/${eventId}/cancel`, { message });
}

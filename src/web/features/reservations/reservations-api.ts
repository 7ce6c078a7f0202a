import type { EventDetail } from '../../../shared/schemas/catalog';
import type {
  CreateReservation,
  Reservation,
  ReservationList,
  ReservationOptions,
  ReservationQuery,
} from '../../../shared/schemas/reservations';
import type { Eligibility } from '../../../shared/schemas/users';
import { type ApiResult, getApiClient } from '../../lib/api-client';
import { syntheticFailure } from './api-result';

/** The guest's side of reservations (DESIGN §10), through the one API client. */

export function fetchEligibility(): Promise<ApiResult<Eligibility>> {
  const client = getApiClient();
  // Spec §7: is_eligible_for_reservation is "called with an explicit token".
  return client
    .getAccessToken()
    .then((token) => client.get<Eligibility>('/users/is_eligible_for_reservation', { token }))
    .catch((error: unknown) => syntheticFailure<Eligibility>(error));
}

export function fetchEvent(eventId: number): Promise<ApiResult<EventDetail>> {
  return getApiClient().get<EventDetail>(`/events/${eventId}`);
}

export function fetchReservationOptions(eventId: number): Promise<ApiResult<ReservationOptions>> {
  return getApiClient().get<ReservationOptions>('/reservations/options', { query: { event_id: eventId } });
}

export function createReservation(body: CreateReservation): Promise<ApiResult<Reservation>> {
  return getApiClient().post<Reservation>('/reservations', body);
}

export function fetchMyReservations(query: Pick<ReservationQuery, 'scope' | 'cursor' | 'limit'>): Promise<ApiResult<ReservationList>> {
  return getApiClient().get<ReservationList>('/reservations', { query });
}

export function fetchReservation(id: number): Promise<ApiResult<Reservation>> {
  return getApiClient().get<Reservation>(`/reservations/${id}`);
}

export function cancelReservation(id: number): Promise<ApiResult<Reservation>> {
  return getApiClient().post<Reservation>(`/reservations/${id}/cancel`);
}

export function respondToReservation(id: number, message: string): Promise<ApiResult<Reservation>> {
  return getApiClient().post<Reservation>(`/reservations/${id}/respond`, { message });
}

export function confirmReservation(id: number): Promise<ApiResult<Reservation>> {
  return getApiClient().post<Reservation>(`/reservations/${id}/confirm`);
}

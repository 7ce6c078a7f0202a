import type { OrganizerVenue } from '../../shared/schemas/organizer-venues';
import type { CancelEventResult } from '../../shared/schemas/reservations';
import { type ApiResult, getApiClient } from './api-client';

/** Organizer calls more than one feature makes (features may not import each other): one function each. */

export function fetchOrganizerVenues(): Promise<ApiResult<{ items: OrganizerVenue[] }>> {
  return getApiClient().get<{ items: OrganizerVenue[] }>('/organizer/venues');
}

export function cancelOrganizerEvent(eventId: number, message: string): Promise<ApiResult<CancelEventResult>> {
  return getApiClient().post<CancelEventResult>(`/organizer/events/${eventId}/cancel`, { message });
}

import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import type { z } from '../../../shared/schemas/zod';
import type { VenueInputSchema } from '../../../shared/schemas/organizer-venues';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export type VenueInput = z.output<typeof VenueInputSchema>;

export { fetchOrganizerVenues as fetchVenues } from '../../lib/organizer-calls';

export function fetchVenue(id: number): Promise<ApiResult<OrganizerVenue>> {
  return getApiClient().get<OrganizerVenue>(`/organizer/venues/${id}`);
}

export function createVenue(venue: VenueInput): Promise<ApiResult<OrganizerVenue>> {
  return getApiClient().post<OrganizerVenue>('/organizer/venues', venue);
}

export function updateVenue(id: number, venue: VenueInput): Promise<ApiResult<OrganizerVenue>> {
  return getApiClient().patch<OrganizerVenue>(`/organizer/venues/${id}`, venue);
}

import type { SavedEventPage, SavedIds, SavedState } from '../../../shared/schemas/saved';
import { type ApiResult, getApiClient } from '../../lib/api-client';

/** Saved events through the one API client: a guest's token saves for the guest, a user's for the account. */

export function fetchSavedIds(): Promise<ApiResult<SavedIds>> {
  return getApiClient().get<SavedIds>('/saved/events/ids');
}

export function fetchSavedEvents(query: { cursor?: string; limit?: number } = {}): Promise<ApiResult<SavedEventPage>> {
  return getApiClient().get<SavedEventPage>('/saved/events', { query });
}

export function putSaved(eventId: number, saved: boolean): Promise<ApiResult<SavedState>> {
  const client = getApiClient();
  return saved ? client.put<SavedState>(`/saved/events/${eventId}`) : client.delete<SavedState>(`/saved/events/${eventId}`);
}

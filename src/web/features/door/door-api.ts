import type { OrganizerEventListItem } from '../../../shared/schemas/organizer-workspace';
import type { CheckInAnswer, CheckInSyncResult, GuestList } from '../../../shared/schemas/organizer-door';
import type { Problem } from '../../../shared/schemas/problem';
import { API_BASE } from '../../../shared/constants';
import type { Locale } from '../../../shared/locales';
import { type ApiResult, getApiClient, type QueryParams } from '../../lib/api-client';
import type { QueuedScan } from './offline-door';
import { downloadBlob } from '../../lib/download-file';

/** The door's calls: the events to pick from, the guest list, check-in and the offline queue's sync. */

/** Pages of upcoming events read at most, a hundred each: enough for any organizer's calendar. */
const DOOR_EVENT_PAGES = 20;

/**
 * Every upcoming event to pick from, soonest first. The list comes newest start first, so tonight's events
 * are on its last page: every page is read (with more than a hundred upcoming dates, tonight's were missing).
 */
export async function fetchDoorEvents(): Promise<ApiResult<OrganizerEventListItem[]>> {
  const items: OrganizerEventListItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < DOOR_EVENT_PAGES && (page === 0 || cursor); page += 1) {
    const query: QueryParams = { upcoming: 'true', limit: 100, cursor: cursor ?? undefined };
    const result = await getApiClient().get<{ items: OrganizerEventListItem[]; next_cursor: string | null }>('/organizer/events', { query });
    if (!result.ok) return result;
    items.push(...result.data.items);
    cursor = result.data.next_cursor;
  }
  const open = items.filter((event) => event.status !== 'cancelled' && event.status !== 'draft');
  return { ok: true, status: 200, data: open.sort((a, b) => a.starts_at.localeCompare(b.starts_at)) };
}

export function fetchGuestList(eventId: number): Promise<ApiResult<GuestList>> {
  return getApiClient().get<GuestList>(`/organizer/events/${eventId}/guests`);
}

export function checkIn(code: string, eventId: number | null): Promise<ApiResult<CheckInAnswer>> {
  return getApiClient().post<CheckInAnswer>('/organizer/check-in', eventId === null ? { code } : { code, event_id: eventId });
}

export function syncScans(scans: readonly QueuedScan[]): Promise<ApiResult<CheckInSyncResult>> {
  return getApiClient().post<CheckInSyncResult>('/organizer/check-in/sync', { scans });
}

/** A failure that means "no network" (the request never got an answer), as opposed to a refusal. */
export function isNetworkFailure(result: { ok: false; status: number; problem: Problem }): boolean {
  return result.status === 0 && result.problem.code === 'network';
}

export function guestCsvUrl(eventId: number): string {
  return `${API_BASE}/organizer/events/${eventId}/guests?format=csv`;
}

/**
 * The guest list as a CSV file (UTF-8 with BOM, as the server writes it): fetched with the bearer token,
 * since a plain link would carry none, and handed to the browser as a download. Answers false on failure.
 */
export async function downloadGuestCsv(eventId: number, locale: Locale): Promise<boolean> {
  let token: string;
  try {
    token = await getApiClient().getAccessToken();
  } catch {
    return false;
  }
  let response: Response;
  try {
    response = await fetch(guestCsvUrl(eventId), { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv', 'Accept-Language': locale } });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `guests-${eventId}.csv`;
  downloadBlob(filename, blob);
  return true;
}

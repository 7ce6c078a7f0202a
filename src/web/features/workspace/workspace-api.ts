import type { z } from 'zod';
import type { Category, Tag } from '../../../shared/schemas/catalog';
import type { CreateEventInput, OrganizerEvent, OrganizerEventListItem, OrganizerEventStatus, OrganizerSeriesAnswerSchema, UpdateEventInput } from '../../../shared/schemas/organizer-workspace';
import { getApiClient } from '../../lib/api-client';

/** The organizer event editor's calls (issue 9); one function per API operation. */

type EventAnswer = { event: OrganizerEvent };

export function fetchEventList(filter: { status?: OrganizerEventStatus; q?: string; when?: 'upcoming' | 'past'; cursor?: string }) {
  const upcoming = filter.when === 'upcoming' ? 'true' : filter.when === 'past' ? 'false' : undefined;
  return getApiClient().get<{ items: OrganizerEventListItem[]; next_cursor: string | null }>('/organizer/events', {
    query: { status: filter.status, q: filter.q || undefined, upcoming, cursor: filter.cursor, limit: 50 },
  });
}

export const fetchEvent = (id: number) => getApiClient().get<EventAnswer>(`/organizer/events/${id}`);
export const createEvent = (body: CreateEventInput) => getApiClient().post<EventAnswer>('/organizer/events', body);
export const updateEvent = (id: number, body: UpdateEventInput) => getApiClient().patch<EventAnswer>(`/organizer/events/${id}`, body);
export const publishEvent = (id: number, publishAt?: string) =>
  getApiClient().post<EventAnswer>(`/organizer/events/${id}/publish`, publishAt ? { publish_at: publishAt } : {});
export const unpublishEvent = (id: number) => getApiClient().post<EventAnswer>(`/organizer/events/${id}/unpublish`);
export const postponeEvent = (id: number, body: { starts_at?: string; date_tba?: boolean; message?: string }) =>
  getApiClient().post<EventAnswer>(`/organizer/events/${id}/postpone`, body);
export const duplicateEvent = (id: number, body: { starts_at: string; copy: Record<string, boolean> }) =>
  getApiClient().post<EventAnswer>(`/organizer/events/${id}/duplicate`, body);
export const createSeries = (body: { event_id: number; rrule: string; exdates: string[] }) =>
  getApiClient().post<z.infer<typeof OrganizerSeriesAnswerSchema>>('/organizer/series', body);
export { cancelOrganizerEvent as cancelEvent, fetchOrganizerVenues as fetchVenues } from '../../lib/organizer-calls';

export const fetchCategories = () => getApiClient().get<{ items: Category[] }>('/categories');
export const fetchTags = () => getApiClient().get<{ items: Tag[] }>('/tags');

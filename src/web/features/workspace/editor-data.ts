import type { Category, Tag } from '../../../shared/schemas/catalog';
import type { OrganizerEvent } from '../../../shared/schemas/organizer-workspace';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { getApiClient } from '../../lib/api-client';
import { fetchCategories, fetchEvent, fetchTags, fetchVenues } from './workspace-api';

export type EditorData =
  | { kind: 'sign_in' }
  | { kind: 'forbidden' }
  | { kind: 'not_found' }
  | { kind: 'failed'; detail: string }
  | { kind: 'ready'; event: OrganizerEvent | null; venues: OrganizerVenue[]; categories: Category[]; tags: Tag[] };

/** What the editor needs before it can show: the event (when editing), the organizer's venues, categories and tags. */
export async function loadEditorData(id: number | null): Promise<EditorData> {
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' };
  const [event, venues, categories, tags] = await Promise.all([id ? fetchEvent(id) : Promise.resolve(null), fetchVenues(), fetchCategories(), fetchTags()]);
  for (const result of [event, venues, categories, tags]) {
    if (!result || result.ok) continue;
    if (result.status === 401 || result.problem.code === 'user_required') return { kind: 'sign_in' };
    if (result.status === 403) return { kind: 'forbidden' };
    if (result.status === 404) return { kind: 'not_found' };
    return { kind: 'failed', detail: result.problem.detail };
  }
  if ((event && !event.ok) || !venues.ok || !categories.ok || !tags.ok) return { kind: 'failed', detail: '' };
  return { kind: 'ready', event: event?.data.event ?? null, venues: venues.data.items, categories: categories.data.items, tags: tags.data.items };
}

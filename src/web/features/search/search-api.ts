import type { Suggestion } from '../../../shared/schemas/catalog';
import { getApiClient } from '../../lib/api-client';

/** GET /search/suggest: suggestions for what the reader has typed so far; null when the call failed. */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<Suggestion[] | null> {
  const result = await getApiClient().get<{ items: Suggestion[] }>('/search/suggest', { query: { q }, signal });
  return result.ok ? result.data.items : null;
}

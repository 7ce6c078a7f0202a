import { API_BASE } from '../../../shared/constants';
import type { CategoryVisit, ForYou } from '../../../shared/schemas/for-you';
import { getApiClient } from '../../lib/api-client';

/**
 * "For you" from the browser. Both calls are background work the person did not ask for: a failure is
 * silent (no snackbar), the row simply does not show and the visit is not counted. The bearer comes from
 * the one API client (its token table), so the answer is the person's own and is never cached (no-store).
 */
async function quietly(method: 'GET' | 'POST', path: string, body?: CategoryVisit, signal?: AbortSignal): Promise<Response | null> {
  try {
    const client = getApiClient();
    const token = await client.getAccessToken();
    return await fetch(`${API_BASE}${path}`, {
      method,
      signal,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'accept-language': client.getLocale(),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch {
    return null;
  }
}

export async function fetchForYou(limit: number, signal?: AbortSignal): Promise<ForYou | null> {
  const response = await quietly('GET', `/events/for-you?limit=${limit}`, undefined, signal);
  if (!response?.ok) return null;
  try {
    return (await response.json()) as ForYou;
  } catch {
    return null;
  }
}

export function sendCategoryVisit(category: string): void {
  void quietly('POST', '/events/for-you/visits', { category });
}

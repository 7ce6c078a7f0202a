import type { WorkboxPlugin } from 'workbox-core/types.js';

/** The directives of a Cache-Control header, lower-cased, without their values. */
function directives(header: string | null): Set<string> {
  return new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.split('=')[0]!.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Whether the service worker may keep an answer (issue #12: it "never caches API answers that carry
 * no-store"). Only complete 200s; never `no-store` (tokens, personal answers: the API sends
 * `private, no-store` on all of those); `private` only into a cache that belongs to one person
 * (`personal`), which sign-out deletes.
 */
export function isStorable(response: Response, { personal = false }: { personal?: boolean } = {}): boolean {
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'error') return false;
  const cacheControl = directives(response.headers.get('cache-control'));
  if (cacheControl.has('no-store')) return false;
  if (cacheControl.has('private') && !personal) return false;
  // A Vary: * answer matches no later request; storing it would only waste room.
  return response.headers.get('vary')?.trim() !== '*';
}

/** Workbox's hook before anything is written to a runtime cache: refuses what `isStorable` refuses. */
export function storableResponsePlugin(options: { personal?: boolean } = {}): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => (isStorable(response, options) ? response : null),
  };
}

import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False during server rendering and hydration, true once React runs in the browser. Forms keep their
 * submit button disabled until then: a form submitted before hydration would be sent natively, and
 * what was typed into it would be replaced when the form library takes over the fields.
 *
 * The switch to true is deferred: React re-renders an external store's readers synchronously right after
 * hydration (every card's heart, the map and near-me buttons, the "for you" row), in one task a phone
 * cannot answer a tap in. With `useDeferredValue` that urgent pass keeps false, so it draws nothing new,
 * and what true adds is drawn in a background render React slices into short tasks (docs/performance.md).
 * A component rendered in the browser from the start (a client navigation) gets true at once.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return useDeferredValue(hydrated);
}

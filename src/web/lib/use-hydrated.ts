import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False during server rendering and hydration, true once React runs in the browser. Forms keep their
 * submit button disabled until then: a form submitted before hydration would be sent natively, and
 * what was typed into it would be replaced when the form library takes over the fields.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

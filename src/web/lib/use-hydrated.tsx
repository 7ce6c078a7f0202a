import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/**
 * Outside the app's root (a component test, a part drawn only in the browser) there is no server HTML to
 * match: hydrated from the start.
 */
const HydratedContext = createContext(true);

/**
 * At the app's root: false while the server's HTML is hydrated, then true, switched in a transition. A
 * store read with useSyncExternalStore (this hook's first form) switches with a synchronous re-render of
 * every component that asks, the rows and parts they reveal included: one long task right after hydration
 * on a slow phone (Lighthouse's TBT). A transition lets React draw them in short slices; parts mounted
 * later read true at once.
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False during server rendering and hydration, true once React runs in the browser. Forms keep their
 * submit button disabled until then: a form submitted before hydration would be sent natively, and
 * what was typed into it would be replaced when the form library takes over the fields.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

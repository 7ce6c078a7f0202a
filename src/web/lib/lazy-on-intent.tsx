import { Component, type ComponentType, lazy, type LazyExoticComponent, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';

/**
 * A component kept out of the first page load (DESIGN §13): it is fetched when first needed, or earlier by
 * `preload()` when the reader shows the intent to use it (points at or focuses its button). `prefetch()`
 * is `preload()` for a caller that does not wait: a failure is left for the moment the part is drawn.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy itself uses
export type Preloadable<C extends ComponentType<any>> = LazyExoticComponent<C> & { preload: () => Promise<unknown>; prefetch: () => void };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound React.lazy itself uses
export function lazyOnIntent<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): Preloadable<C> {
  let pending: Promise<{ default: C }> | null = null;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      // A failed fetch (offline for a moment) may be tried again on the next intent.
      pending = null;
      throw error;
    });
    return pending;
  };
  const prefetch = () => void preload().catch(() => undefined);
  return Object.assign(lazy(preload), { preload, prefetch });
}

/**
 * Whether a lazily loaded popup should be in the tree: from the first intent (or the first time it is open)
 * on, and from then on for good, so that it is mounted before the click that opens it and keeps its
 * closing animation.
 */
export function useMountOnIntent(open: boolean, preload: () => Promise<unknown>): { mounted: boolean; intent: () => void } {
  const [wanted, setWanted] = useState(open);
  // Opened without an intent first (say, by the store): stay mounted from now on.
  if (open && !wanted) setWanted(true);
  const intent = useCallback(() => {
    preload().then(
      () => setWanted(true),
      () => undefined,
    );
  }, [preload]);
  return { mounted: wanted, intent };
}

/**
 * Runs `task` once the browser is first idle after the component mounted (a second later where there is
 * no requestIdleCallback): for parts that must be at hand when first needed without being in the first
 * load, such as the snackbar, which may be needed just when the network has gone away.
 */
export function useWhenIdle(task: () => void): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(task, 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }, [task]);
}

/**
 * Where a lazily loaded part of the page goes: nothing (or `fallback`, a space of its size) while it loads,
 * and nothing (instead of the page's error screen) when it cannot be loaded, say while the network is down.
 */
export class LazyPart extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the page could not be loaded', error);
  }

  override render() {
    return this.state.failed ? null : <Suspense fallback={this.props.fallback ?? null}>{this.props.children}</Suspense>;
  }
}

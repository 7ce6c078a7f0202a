import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { quietSessionStorage } from '../lib/session-storage';

/**
 * Spec §4 navigation stack: push adds a path only if it differs from the last entry; back removes the last
 * entry; an empty stack stays empty; no size limit. Kept per browser session (spec §9).
 */
export function pushPath(stack: readonly string[], path: string): string[] {
  return stack[stack.length - 1] === path ? [...stack] : [...stack, path];
}

export function popPath(stack: readonly string[]): string[] {
  return stack.length === 0 ? [] : stack.slice(0, -1);
}

/**
 * A route change as the stack sees it: the browser's back button (a POP navigation) landing on the
 * entry below the last is "back"; anything else is a push.
 */
export function visitPath(stack: readonly string[], path: string, pop: boolean): string[] {
  return pop && stack.length >= 2 && stack[stack.length - 2] === path ? popPath(stack) : pushPath(stack, path);
}

interface NavigationStackState {
  stack: string[];
  push: (path: string) => void;
  back: () => void;
  visit: (path: string, pop: boolean) => void;
}

export const useNavigationStack = create<NavigationStackState>()(
  persist(
    (set) => ({
      stack: [],
      push: (path) => set((state) => ({ stack: pushPath(state.stack, path) })),
      back: () => set((state) => ({ stack: popPath(state.stack) })),
      visit: (path, pop) => set((state) => ({ stack: visitPath(state.stack, path, pop) })),
    }),
    {
      name: 'navigation',
      storage: createJSONStorage(() => quietSessionStorage),
      partialize: (state) => ({ stack: state.stack }),
      skipHydration: true,
    },
  ),
);

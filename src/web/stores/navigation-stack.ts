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

interface NavigationStackState {
  stack: string[];
  push: (path: string) => void;
  back: () => void;
}

export const useNavigationStack = create<NavigationStackState>()(
  persist(
    (set) => ({
      stack: [],
      push: (path) => set((state) => ({ stack: pushPath(state.stack, path) })),
      back: () => set((state) => ({ stack: popPath(state.stack) })),
    }),
    {
      name: 'navigation',
      storage: createJSONStorage(() => quietSessionStorage),
      partialize: (state) => ({ stack: state.stack }),
      skipHydration: true,
    },
  ),
);

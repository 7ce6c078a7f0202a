import type { StateStorage } from 'zustand/middleware';

/**
 * sessionStorage for the persisted stores (spec §3, §9), made quiet: a full storage (QuotaExceededError,
 * e.g. a long listing's events) or one the browser refuses (privacy settings) costs the copy that would
 * survive a reload, never the page. The stores keep working in memory.
 */
export const quietSessionStorage: StateStorage = {
  getItem: (name) => {
    try {
      return window.sessionStorage.getItem(name);
    } catch {
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      window.sessionStorage.setItem(name, value);
    } catch {
      // Full or unavailable: the previous copy (if any) stays, which is better than a broken page.
    }
  },
  removeItem: (name) => {
    try {
      window.sessionStorage.removeItem(name);
    } catch {
      // Nothing to do: an unavailable storage holds nothing of ours.
    }
  },
};

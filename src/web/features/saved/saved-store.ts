import { create } from 'zustand';
import { fetchSavedIds, putSaved } from './saved-api';

/**
 * Which events this person has saved, learnt in the browser after hydration: public pages are cached for
 * every guest, so their HTML never says what one person saved (DESIGN §4). `owner` is the session the ids
 * were asked for ('guest' or 'user'); a sign-in or sign-out asks again.
 */
export interface SavedStore {
  ids: ReadonlySet<number>;
  owner: 'guest' | 'user' | null;
  load: (owner: 'guest' | 'user') => Promise<void>;
  /** Optimistic: the heart turns at once and turns back if the server refuses (its problem is shown by the client). */
  toggle: (eventId: number) => Promise<boolean>;
}

let loading: { owner: 'guest' | 'user'; promise: Promise<void> } | null = null;

export const useSavedStore = create<SavedStore>()((set, get) => ({
  ids: new Set<number>(),
  owner: null,
  load: (owner) => {
    if (loading?.owner === owner) return loading.promise;
    const promise = fetchSavedIds().then((result) => {
      if (loading?.promise !== promise) return;
      loading = null;
      if (result.ok) set({ ids: new Set(result.data.ids), owner });
    });
    loading = { owner, promise };
    return promise;
  },
  toggle: async (eventId) => {
    const wanted = !get().ids.has(eventId);
    const flip = (on: boolean) =>
      set((state) => {
        const ids = new Set(state.ids);
        if (on) ids.add(eventId);
        else ids.delete(eventId);
        return { ids };
      });
    flip(wanted);
    const result = await putSaved(eventId, wanted);
    if (!result.ok) flip(!wanted);
    return result.ok;
  },
}));

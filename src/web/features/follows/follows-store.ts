import { create } from 'zustand';
import type { Follow, FollowKind } from '../../../shared/schemas/follows';
import { getApiClient } from '../../lib/api-client';
import { deleteFollow, fetchFollows, putFollow } from './follows-api';

export const followKey = (kind: FollowKind, id: number) => `${kind}:${id}`;

interface FollowsState {
  /** What the person follows, newest first; null until read (or while there is no session to read it with). */
  items: Follow[] | null;
  /** Keys being changed right now (their buttons wait). */
  pending: Record<string, true>;
  /** Whose follows `items` are: read while signed in (true) or as a guest (false). */
  readSignedIn: boolean | null;
  /** Reads once per page load and again when the person signs in or out; `force` reads anyway. */
  load: (options: { signedIn: boolean; force?: boolean }) => Promise<void>;
  /** Follows or stops following; resolves false when the server refused (the snackbar shows its problem). */
  toggle: (target: { kind: FollowKind; id: number; name: string; slug: string }, follow: boolean) => Promise<boolean>;
  reset: () => void;
}

/**
 * Someone who never had a token (no refresh token stored) follows nothing yet: asking would register a
 * guest for every first-time reader of a public page, so the answer is "nothing" until they press Follow.
 */
function hasSession(): boolean {
  return getApiClient().hasTokens();
}

let loading: Promise<void> | null = null;

/**
 * The person's follows, read once per page load after hydration and shared by every Follow button on the
 * page (public pages are cached for everyone, so this state never comes with the HTML).
 */
export const useFollowsStore = create<FollowsState>()((set, get) => ({
  items: null,
  pending: {},
  readSignedIn: null,
  load: async ({ signedIn, force = false }) => {
    if (!force && get().items && get().readSignedIn === signedIn) return;
    if (!hasSession()) {
      set({ items: [], readSignedIn: signedIn });
      return;
    }
    loading ??= fetchFollows().then((result) => {
      loading = null;
      set({ items: result.ok ? result.data.items : [], readSignedIn: signedIn });
    });
    await loading;
  },
  toggle: async (target, follow) => {
    const key = followKey(target.kind, target.id);
    set((state) => ({ pending: { ...state.pending, [key]: true } }));
    const result = follow ? await putFollow(target.kind, target.id) : await deleteFollow(target.kind, target.id);
    set((state) => {
      const { [key]: _done, ...pending } = state.pending;
      if (!result.ok) return { pending };
      const rest = (state.items ?? []).filter((item) => followKey(item.kind, item.id) !== key);
      const items = follow ? [{ ...target, followed_at: new Date().toISOString() }, ...rest] : rest;
      return { pending, items };
    });
    return result.ok;
  },
  reset: () => set({ items: null, pending: {}, readSignedIn: null }),
}));

import { create } from 'zustand';
import type { User } from '../../shared/schemas/users';

export type SessionUser = User;

/**
 * Spec §3 user state: the user object and the logged-in flag. `checked` says whether this page has asked
 * the server yet (spec §4 "on app start"); until then private pages wait instead of sending a person to
 * the sign-in page.
 */
export interface UserState {
  user: SessionUser | null;
  loggedIn: boolean;
  checked: boolean;
  setUser: (user: SessionUser | null) => void;
  setLoggedIn: (loggedIn: boolean) => void;
  setChecked: (checked: boolean) => void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  loggedIn: false,
  checked: false,
  setUser: (user) => set({ user, loggedIn: user !== null }),
  setLoggedIn: (loggedIn) => set(loggedIn ? { loggedIn } : { loggedIn, user: null }),
  setChecked: (checked) => set({ checked }),
}));

import { create } from 'zustand';
import type { MessageStatus } from './dialog-store';

/** Spec §3 snackbar state: open, message, status (default success). */
export interface SnackbarState {
  open: boolean;
  message: string;
  status: MessageStatus;
  /** Counts messages, so that each one gets its full display time even when one replaces another. */
  seq: number;
  show: (message: string, status?: MessageStatus) => void;
  close: () => void;
}

export const useSnackbarStore = create<SnackbarState>()((set) => ({
  open: false,
  message: '',
  status: 'success',
  seq: 0,
  show: (message, status = 'success') => set((state) => ({ open: true, message, status, seq: state.seq + 1 })),
  close: () => set({ open: false }),
}));

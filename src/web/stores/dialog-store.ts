import { create } from 'zustand';

export type MessageStatus = 'success' | 'error' | 'warning' | 'info';

/** Spec §3 dialog state: open, title, message, status (default success), reason, action. */
export interface DialogState {
  open: boolean;
  title: string;
  message: string;
  status: MessageStatus;
  reason: string;
  /** A catalogue key for the confirm button; absent means the dialog only informs. */
  action: string;
  /** A catalogue key for the button that closes a confirmation without acting; empty means the common "Cancel". */
  dismiss: string;
  onConfirm?: () => void;
  show: (dialog: Partial<Omit<DialogState, 'open' | 'show' | 'close'>>) => void;
  close: () => void;
}

const closed = { open: false, title: '', message: '', status: 'success' as MessageStatus, reason: '', action: '', dismiss: '', onConfirm: undefined };

export const useDialogStore = create<DialogState>()((set) => ({
  ...closed,
  show: (dialog) => set({ ...closed, ...dialog, open: true }),
  close: () => set({ open: false }),
}));

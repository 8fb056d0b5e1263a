import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const DURATION_MS = 3500;
/** The strip over the header holds one. */
const MAX_TOASTS = 1;
let nextId = 1;

interface ToastStore {
  toasts: Toast[];
  show: (message: string, tone?: ToastTone) => number;
  dismiss: (id: number) => void;
}

/** Small confirmations ("Toko aktif: …") that vanish by themselves. */
export const useToastStore = create<ToastStore>()((set, get) => ({
  toasts: [],
  show: (message, tone = 'info') => {
    const toast = { id: nextId++, message, tone };
    set({ toasts: [...get().toasts, toast].slice(-MAX_TOASTS) });
    setTimeout(() => get().dismiss(toast.id), DURATION_MS);
    return toast.id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

export const showToast = (message: string, tone?: ToastTone) => useToastStore.getState().show(message, tone);

import { cn } from '../utils/cn';
import { useToastStore, type ToastTone } from './toast-store';

const TONES: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/** Toasts above the bottom navigation; a screen's action bar (data-action-bar on body) lifts them over it. */
export function ToastHost() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-[60] flex flex-col items-center gap-2 px-4 [body[data-action-bar]_&]:bottom-[calc(10rem+env(safe-area-inset-bottom))]"
    >
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          onClick={() => dismiss(toast.id)}
          className={cn('pointer-events-auto min-h-11 w-full max-w-md rounded-xl px-4 py-3 text-left text-sm shadow-lg', TONES[toast.tone])}
        >
          {toast.message}
        </button>
      ))}
    </div>
  );
}

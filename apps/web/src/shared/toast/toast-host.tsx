import { cn } from '../utils/cn';
import { useToastStore, type ToastTone } from './toast-store';

const TONES: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/**
 * A toast sits over the page header, never over the list being worked through, and modals
 * leave that strip free (ModalFrame's max height), so a modal's title stays readable.
 * One at a time: a newer confirmation replaces the older.
 */
export function ToastHost() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div
      aria-live="polite"
      data-testid="toasts"
      className="pointer-events-none fixed inset-x-0 top-[calc(0.25rem+env(safe-area-inset-top))] z-[60] mx-auto flex max-w-md flex-col items-center px-2"
    >
      {toasts.map((toast) => (
        <button
          key={toast.id}
          type="button"
          onClick={() => dismiss(toast.id)}
          className={cn('pointer-events-auto flex max-h-14 min-h-11 w-full items-center rounded-xl px-4 py-2 text-left text-sm shadow-lg', TONES[toast.tone])}
        >
          <span className="line-clamp-2">{toast.message}</span>
        </button>
      ))}
    </div>
  );
}

import { useModalStore } from '../modal/modal-store';
import { DockPortal, useHasDock } from '../ui/notice-dock';
import { cn } from '../utils/cn';
import { useToastStore, type Toast, type ToastTone } from './toast-store';

const TONES: Record<ToastTone, string> = {
  info: 'bg-slate-900 text-white',
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
};

/**
 * The toast has its place in the notice dock under the screen's title bar (in the flow: it pushes
 * the screen down, never lies over a control or the title). While a modal is open the screen is
 * behind it, and a screen without a header (sign-in, a page still loading) has no dock: the toast
 * shows in the strip at the top, which a modal leaves free (ModalFrame's max height), so the modal's
 * title stays readable. One at a time: a newer confirmation replaces the older.
 */
export function ToastHost() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const modalOpen = useModalStore((s) => s.isShow);
  const docked = useHasDock();
  const items = toasts.map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />);
  if (modalOpen || !docked) {
    return (
      <div
        aria-live="polite"
        data-testid="toasts"
        className="pointer-events-none fixed inset-x-0 top-[calc(0.25rem+env(safe-area-inset-top))] z-[60] mx-auto flex max-w-md flex-col items-center px-2"
      >
        {items}
      </div>
    );
  }
  return (
    <DockPortal area="toast">
      {/* Always there, so a screen reader hears what arrives in it. */}
      <div aria-live="polite" data-testid="toasts" className="flex flex-col">
        {items}
      </div>
    </DockPortal>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  return (
    <button
      type="button"
      onClick={onDismiss}
      className={cn('pointer-events-auto flex max-h-14 min-h-11 w-full items-center rounded-xl px-4 py-2 text-left text-sm shadow-md', TONES[toast.tone])}
    >
      <span className="line-clamp-2">{toast.message}</span>
    </button>
  );
}

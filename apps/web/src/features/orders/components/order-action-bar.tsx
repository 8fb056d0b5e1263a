import { useEffect, type ReactNode } from 'react';

/** The status's action button, fixed above the bottom navigation. Toasts move up above it while it is shown. */
export function OrderActionBar({ children, hint }: { children: ReactNode; hint?: string | null }) {
  useEffect(() => {
    document.body.dataset.actionBar = 'true';
    return () => {
      delete document.body.dataset.actionBar;
    };
  }, []);
  return (
    <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mx-auto max-w-md border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      {hint ? <p className="pb-1 text-center text-xs text-slate-500">{hint}</p> : null}
      <div className="flex gap-2">{children}</div>
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';
import { cn } from '../utils/cn';

/**
 * A screen's main actions, fixed above the bottom navigation (the thumb's reach
 * on a 360 × 640 phone). The connection pill moves up above it while it is shown
 * (body[data-action-bar]); the screen keeps room for it with bottom padding.
 * `split` lays two choices side by side (Tolak | Setujui).
 */
export function ActionBar({ children, hint, split = false }: { children: ReactNode; hint?: string | null; split?: boolean }) {
  useEffect(() => {
    document.body.dataset.actionBar = 'true';
    return () => {
      delete document.body.dataset.actionBar;
    };
  }, []);
  return (
    <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mx-auto max-w-md border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      {hint ? <p className="pb-1 text-center text-xs text-slate-500">{hint}</p> : null}
      <div className={cn('gap-2', split ? 'grid grid-cols-2' : 'flex')}>{children}</div>
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';

/** The decision buttons, fixed above the bottom navigation; toasts move up above it while shown. */
export function DecisionBar({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.body.dataset.actionBar = 'true';
    return () => {
      delete document.body.dataset.actionBar;
    };
  }, []);
  return (
    <div className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mx-auto max-w-md border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      <div className="grid grid-cols-2 gap-2">{children}</div>
    </div>
  );
}

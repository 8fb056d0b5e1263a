import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../utils/cn';

const BAR_HEIGHT = '--action-bar-height';
/**
 * Bottom padding that keeps a screen's end clear of its action bar at the bar's own height (a
 * refusal in it included), 1 rem more; 6 rem until the bar is measured. For the element the bar is
 * a child of: the bar measures itself only there and writes its height on it, so a change restyles
 * that element, not the document.
 */
export const ACTION_BAR_ROOM = 'pb-[calc(var(--action-bar-height,5rem)+1rem)]';

/**
 * A screen's main actions, fixed above the bottom navigation (the thumb's reach
 * on a 360 × 640 phone). The connection pill moves up above it while it is shown
 * (body[data-action-bar]); the screen keeps room for it with bottom padding, which
 * can follow the bar's height (ACTION_BAR_ROOM): a refusal said in the bar makes it taller.
 * `split` lays two choices side by side (Tolak | Setujui).
 */
export function ActionBar({ children, hint, split = false }: { children: ReactNode; hint?: string | null; split?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    document.body.dataset.actionBar = 'true';
    return () => {
      delete document.body.dataset.actionBar;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = el.parentElement;
    // Only where the screen pads by it: elsewhere a written height would only restyle a frame for nothing.
    if (!root?.classList.contains(ACTION_BAR_ROOM)) return;
    // Measured in the frame's own layout, never read in a commit (decision 133); written only when it changes.
    const observer = new ResizeObserver(([entry]) => {
      const height = `${Math.ceil(entry?.borderBoxSize?.[0]?.blockSize ?? el.getBoundingClientRect().height)}px`;
      if (root.style.getPropertyValue(BAR_HEIGHT) !== height) root.style.setProperty(BAR_HEIGHT, height);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT);
    };
  }, []);
  return (
    <div
      ref={ref}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 mx-auto max-w-md border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur">
      {hint ? <p className="pb-1 text-center text-xs text-slate-500">{hint}</p> : null}
      <div className={cn('gap-2', split ? 'grid grid-cols-2' : 'flex')}>{children}</div>
    </div>
  );
}

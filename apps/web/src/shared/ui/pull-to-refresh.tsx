import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { id } from '../i18n/id';
import { Icon } from './icons';

/** Indicator height (half the finger's travel) that arms the refresh. */
const THRESHOLD = 60;
const MAX_PULL = 110;

/**
 * Pull down at the top of the page to refresh. The browser's own pull-to-refresh
 * is switched off (overscroll-behavior in index.css) so it cannot reload the app.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const startY = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = (e: TouchEvent) => {
    if (refreshing || window.scrollY > 0) return;
    startY.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (startY.current === null) return;
    const dy = (e.touches[0]?.clientY ?? startY.current) - startY.current;
    // Resistance: the indicator moves half as fast as the finger.
    setPull(dy > 0 ? Math.min(dy / 2, MAX_PULL) : 0);
  };
  const onTouchEnd = () => {
    const shouldRefresh = pull >= THRESHOLD;
    startY.current = null;
    setPull(0);
    if (!shouldRefresh) return;
    setRefreshing(true);
    void onRefresh().finally(() => setRefreshing(false));
  };

  const visible = refreshing || pull > 0;
  const armed = pull >= THRESHOLD;
  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div
        aria-live="polite"
        className="flex items-center justify-center overflow-hidden text-sm text-slate-600 transition-[height] duration-150"
        style={{ height: refreshing ? 44 : pull }}
      >
        {visible ? (
          <span className="inline-flex items-center gap-2">
            <Icon name="refresh" className={refreshing ? 'size-5 animate-spin' : 'size-5'} style={{ transform: refreshing ? undefined : `rotate(${pull * 3}deg)` }} />
            {refreshing ? id.common.refreshing : armed ? id.common.releaseToRefresh : id.common.pullToRefresh}
          </span>
        ) : null}
      </div>
      {children}
    </div>
  );
}

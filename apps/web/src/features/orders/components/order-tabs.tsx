import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ordersText } from '@/shared/i18n/orders';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useOrderCount } from '../api/get-order-count';
import { ORDER_TABS } from '../utils/order-status';

/** The scrollable status tabs, each with its count badge from GET /api/orders/count. */
export function OrderTabs() {
  const count = useOrderCount();
  const counts = count.data?.counts;
  const listRef = useRef<HTMLUListElement>(null);

  const { pathname } = useLocation();
  const loaded = Boolean(counts);

  // The active tab (e.g. History, off screen on a 360 px phone) is scrolled to the middle.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const center = () => {
      const active = list.querySelector<HTMLElement>('[aria-current="page"]');
      if (active) list.scrollLeft = Math.max(0, active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2);
    };
    if (typeof ResizeObserver === 'undefined') return center();
    // Measured in the observer's first call, once the frame is laid out: read in the effect, the
    // sizes forced the new page's whole layout ahead of its frame (a long task on a slow phone).
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      center();
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [pathname, loaded]);

  return (
    <nav aria-label={ordersText.tabsLabel} className="sticky top-[var(--page-top,3.5rem)] z-10 border-b border-slate-200 bg-white">
      <ul ref={listRef} className="relative flex gap-1 overflow-x-auto px-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {ORDER_TABS.map((tab) => {
          const value = counts?.[String(tab.status) as keyof typeof counts];
          return (
            <li key={tab.status} className="shrink-0">
              <NavLink
                to={tab.path}
                end
                replace
                data-testid={`tab-${tab.status}`}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-12 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                    isActive ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                  )
                }
              >
                {tab.label}
                {value !== undefined ? (
                  <>
                    {/* Named by what it shows (WCAG 2.5.3): "Baru 4", the space keeping the two apart. */}{' '}
                    <span
                      data-testid={`tab-${tab.status}-count`}
                      className={cn(
                        'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums',
                        tab.status === 1101 && value > 0 ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700',
                      )}
                    >
                      {formatNumber(value)}
                    </span>
                  </>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

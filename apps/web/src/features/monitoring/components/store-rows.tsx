import { useState } from 'react';
import { MONITORED_STATUSES, type MonitoringStore } from '@gerai/contract';
import { useInView } from '@/shared/hooks/use-in-view';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { QueryErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useStoreRows } from '../api/get-store-rows';

const text = monitoringText.stores;
/** The rows a 360 × 640 screen shows of the section: its place while it loads, so nothing below the fold moves. */
const PLACE = ['h-14', 'h-14', 'h-14', 'h-14', 'h-14'];

/**
 * "Per toko": each store's work in hand, the most late first; tapping a store shows it alone. Asked for
 * (GET /api/monitoring/stores) when the section comes near the screen, not with every read of the figures; a
 * webview without IntersectionObserver asks at once.
 */
export function StoreRows({ onPick }: { onPick: (storeCode: string) => void }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useInView<HTMLDivElement>(() => setNear(true), { enabled: !near });
  const query = useStoreRows(near);
  const data = query.data;
  return (
    <div ref={ref} data-testid="monitoring-stores-section">
      <Card title={text.title} testId="monitoring-stores">
        {!data && (query.isPending || !near) ? (
          <SkeletonStack bars={PLACE} className="gap-2" testId="monitoring-stores-loading" />
        ) : !data ? (
          <QueryErrorState title={text.loadError} query={query} />
        ) : data.stores.length === 0 ? (
          <p className="py-2 text-sm text-slate-600" data-testid="monitoring-stores-none">
            {text.none}
          </p>
        ) : (
          <>
            <ul className="-mx-1 flex flex-col divide-y divide-slate-100">
              {data.stores.map((store) => (
                <StoreRow key={store.storeCode} store={store} onPick={onPick} />
              ))}
            </ul>
            {data.storeCount > data.stores.length ? (
              <p className="text-xs text-slate-500" data-testid="monitoring-stores-capped">
                {t(text.capped, { shown: formatNumber(data.stores.length), total: formatNumber(data.storeCount) })}
              </p>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}

function StoreRow({ store, onPick }: { store: MonitoringStore; onPick: (storeCode: string) => void }) {
  const byStatus = new Map(store.statuses.map((s) => [s.statusId, s]));
  return (
    <li>
      <button
        type="button"
        onClick={() => onPick(store.storeCode)}
        data-testid={`monitoring-store-${store.storeCode}`}
        data-late={store.late > 0 ? 'true' : 'false'}
        className={cn('flex min-h-12 w-full items-center gap-2 rounded-xl px-1 py-2 text-left active:bg-slate-50', store.late > 0 && 'bg-red-50')}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">
            {store.storeCode} · {store.storeName}
          </span>
          <span className="block text-xs text-slate-600 tabular-nums">
            {MONITORED_STATUSES.map((s) => `${ORDER_STATUS_LABEL[s]} ${formatNumber(byStatus.get(s)?.count ?? 0)}`).join(' · ')}
          </span>
          <span className="flex flex-wrap gap-1.5 pt-0.5 empty:hidden">
            {store.late > 0 ? (
              <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{t(text.late, { count: formatNumber(store.late) })}</span>
            ) : null}
            {store.waiting > 0 ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t(text.waiting, { count: formatNumber(store.waiting) })}</span>
            ) : null}
          </span>
        </span>
        <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" />
      </button>
    </li>
  );
}

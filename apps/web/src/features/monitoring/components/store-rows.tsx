import { MONITORED_STATUSES, type MonitoringStore } from '@gerai/contract';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';

const text = monitoringText.stores;

/** "Per toko": each store's work in hand, the most late first; tapping a store shows it alone. */
export function StoreRows({ stores, storeCount, onPick }: { stores: readonly MonitoringStore[]; storeCount: number; onPick: (storeCode: string) => void }) {
  return (
    <Card title={text.title} testId="monitoring-stores">
      <ul className="-mx-1 flex flex-col divide-y divide-slate-100">
        {stores.map((store) => {
          const byStatus = new Map(store.statuses.map((s) => [s.statusId, s]));
          return (
            <li key={store.storeCode}>
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
        })}
      </ul>
      {storeCount > stores.length ? (
        <p className="text-xs text-slate-500" data-testid="monitoring-stores-capped">
          {t(text.capped, { shown: formatNumber(stores.length), total: formatNumber(storeCount) })}
        </p>
      ) : null}
    </Card>
  );
}

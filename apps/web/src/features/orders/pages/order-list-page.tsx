import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { ORDER_STATUS } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { hasActiveFilters, useFilterStore } from '@/shared/stores/filter-store';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { cn } from '@/shared/utils/cn';
import { orderKeys } from '../query-keys';
import { ActiveFilters } from '../components/active-filters';
import { OrderList } from '../components/order-list';
import { OrderTabs } from '../components/order-tabs';
import { listParams } from '../utils/list-params';
import { ORDER_TABS } from '../utils/order-status';

const TITLES: Record<string, string> = {
  [paths.order]: id.routes.order,
  [paths.listPacking]: id.routes.listPacking,
  [paths.listProses]: id.routes.listProses,
  [paths.listDone]: id.routes.listDone,
  [paths.history]: id.routes.history,
  [paths.listCancel]: id.routes.listCancel,
};

/** /history?jenis=batal shows History Batal (1107). */
const HISTORY_KIND = 'jenis';
const HISTORY_CANCELLED = 'batal';

/** Every order list: /order, /list-packing, /list-proses, /list-done, /history, /list-cancel. */
export default function OrderListPage() {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const filters = useFilterStore(useShallow((s) => ({ startDate: s.startDate, endDate: s.endDate, query: s.query, appId: s.appId })));
  const clearFilters = useFilterStore((s) => s.clearFilters);

  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const tab = ORDER_TABS.find((t) => t.path === path) ?? ORDER_TABS[0]!;
  const isHistory = tab.status === ORDER_STATUS.HISTORY;
  const cancelledHistory = isHistory && search.get(HISTORY_KIND) === HISTORY_CANCELLED;
  const status = cancelledHistory ? ORDER_STATUS.HISTORY_CANCELLED : tab.status;
  const params = listParams(String(status), filters);
  const filtered = hasActiveFilters(filters);

  const openFilter = () => openModal({ type: 'filter', title: id.orders.filterModal.title, payload: { status: String(status) } });
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: orderKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: orderKeys.count(), type: 'active' }),
    ]);

  const headerButton = 'relative inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <>
      <PageHeader
        title={TITLES[tab.path] ?? id.routes.order}
        backTo={paths.home}
        actions={
          <>
            <button type="button" onClick={openFilter} aria-label={filtered ? id.orders.filterActive : id.orders.filter} className={headerButton} data-testid="open-filter">
              <Icon name="filter" />
              {filtered ? <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-amber-300 ring-2 ring-brand-700" /> : null}
            </button>
            <button type="button" onClick={() => void refresh()} aria-label={id.orders.refresh} className={headerButton}>
              <Icon name="refresh" />
            </button>
          </>
        }
      />
      <OrderTabs />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4">
          {isHistory ? (
            <div role="group" aria-label={id.orders.historyToggleLabel} className="grid grid-cols-2 rounded-xl bg-slate-200 p-1">
              {[
                { cancelled: false, label: id.orders.historyDone },
                { cancelled: true, label: id.orders.historyCancelled },
              ].map((option) => (
                <button
                  key={option.label}
                  type="button"
                  aria-pressed={cancelledHistory === option.cancelled}
                  onClick={() => setSearch(option.cancelled ? { [HISTORY_KIND]: HISTORY_CANCELLED } : {}, { replace: true })}
                  className={cn(
                    'min-h-10 rounded-lg text-sm font-semibold',
                    cancelledHistory === option.cancelled ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600',
                  )}
                >
                  {option.label}
                </button>
              ))}
            </div>
          ) : null}
          <ActiveFilters filters={filters} onEdit={openFilter} onClear={clearFilters} />
          <OrderList
            key={params.status}
            params={params}
            label={TITLES[tab.path] ?? id.routes.order}
            emptyMessage={id.orders.emptyMessage[status]}
            filtered={filtered}
            onClearFilters={clearFilters}
          />
        </div>
      </PullToRefresh>
    </>
  );
}

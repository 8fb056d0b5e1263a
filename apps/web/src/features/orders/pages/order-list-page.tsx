import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { ORDER_STATUS } from '@gerai/contract/statuses';
import { paths } from '@/shared/config/paths';
import { id, ORDER_STATUS_LABEL } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { useModalStore } from '@/shared/modal/modal-store';
import { hasActiveFilters, useFilterStore } from '@/shared/stores/filter-store';
import { FilterChips, ListHeaderActions, dateRangeChip, queryChip } from '@/shared/ui/filter-chips';
import { PageHeader } from '@/shared/ui/page-header';
import { cn } from '@/shared/utils/cn';
import { orderKeys } from '../query-keys';
import { OrderList } from '../components/order-list';
import { OrderSearchBar } from '../components/order-search-bar';
import { OrderTabs } from '../components/order-tabs';
import { listParams } from '../utils/list-params';
import { HISTORY_CANCELLED, HISTORY_KIND, orderListRoute } from '../utils/list-route';
import { channelLabel } from '../utils/order-status';

const TITLES: Record<string, string> = {
  [paths.order]: id.routes.order,
  [paths.listPacking]: id.routes.listPacking,
  [paths.listProses]: id.routes.listProses,
  [paths.listDone]: id.routes.listDone,
  [paths.history]: id.routes.history,
  [paths.listCancel]: id.routes.listCancel,
};

/**
 * Every order list: /order, /list-packing, /list-proses, /list-done, /history, /list-cancel.
 * `cancelPending`: what the app puts above the Batal list (the cancellation requests waiting
 * for a decision, from the cancellations area); rendered on that list only.
 */
export default function OrderListPage({ cancelPending }: { cancelPending?: ReactNode } = {}) {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  const filters = useFilterStore(useShallow((s) => ({ startDate: s.startDate, endDate: s.endDate, query: s.query, appId: s.appId })));
  const clearFilters = useFilterStore((s) => s.clearFilters);

  const { tab, isHistory, cancelledHistory, status } = orderListRoute(pathname, search);
  const params = listParams(String(status), filters);
  const filtered = hasActiveFilters(filters);

  const openFilter = () => openModal({ type: 'filter', title: ordersText.filterModal.title, payload: { status: String(status) } });
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: orderKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: orderKeys.count(), type: 'active' }),
    ]);

  // History Batal is History with its cancelled side chosen: the title says which.
  const title = cancelledHistory ? ORDER_STATUS_LABEL[ORDER_STATUS.HISTORY_CANCELLED] : (TITLES[tab.path] ?? id.routes.order);
  return (
    <>
      <PageHeader
        title={title}
        backTo={paths.home}
        actions={<ListHeaderActions filtered={filtered} onFilter={openFilter} filterTestId="open-filter" refreshLabel={ordersText.refresh} onRefresh={() => void refresh()} />}
      />
      <OrderTabs />
      <OrderList
        key={params.status}
        params={params}
        label={title}
        emptyMessage={ordersText.emptyMessage[status]}
        filtered={filtered}
        onClearFilters={clearFilters}
        onRefresh={refresh}
        header={
          <>
            {isHistory ? (
              <div role="group" aria-label={ordersText.historyToggleLabel} className="grid grid-cols-2 rounded-xl bg-slate-200 p-1">
                {[
                  { cancelled: false, label: ordersText.historyDone },
                  { cancelled: true, label: ordersText.historyCancelled },
                ].map((option) => (
                  <button
                    key={option.label}
                    type="button"
                    aria-pressed={cancelledHistory === option.cancelled}
                    onClick={() => setSearch(option.cancelled ? { [HISTORY_KIND]: HISTORY_CANCELLED } : {}, { replace: true })}
                    className={cn(
                      'min-h-11 rounded-lg text-sm font-semibold',
                      cancelledHistory === option.cancelled ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600',
                    )}
                  >
                    {option.label}
                  </button>
                ))}
              </div>
            ) : null}
            {status === ORDER_STATUS.CANCELLED ? cancelPending : null}
            <OrderSearchBar />
            <FilterChips
              testId="active-filters"
              chips={[dateRangeChip(filters), queryChip(filters.query), filters.appId !== null ? channelLabel(filters.appId) : null]}
              onEdit={openFilter}
              onClear={clearFilters}
            />
          </>
        }
      />
    </>
  );
}

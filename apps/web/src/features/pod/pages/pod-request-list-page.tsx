import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { POD_APPROVAL_STATUSES } from '@gerai/contract';
import { hasErrorCode } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { id, t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { useFilterStore } from '@/shared/stores/filter-store';
import { ButtonLink } from '@/shared/ui/button';
import { FilterChips, ListHeaderActions, dateRangeChip, queryChip } from '@/shared/ui/filter-chips';
import { Icon } from '@/shared/ui/icons';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { PageHeader } from '@/shared/ui/page-header';
import { RequestCardSkeleton } from '@/shared/ui/request-card';
import { EmptyState } from '@/shared/ui/state-views';
import { StatusTabs } from '@/shared/ui/status-tabs';
import { usePodRequestCount } from '../api/get-pod-request-count';
import { usePodRequests } from '../api/get-pod-requests';
import { PodFilterPanel } from '../components/pod-filter-panel';
import { PodRequestCard } from '../components/pod-request-card';
import { podKeys, type PodListParams } from '../query-keys';
import { parseStatus } from '../utils/queue-status';

const text = podText.queue;
const STATUS_PARAM = 'status';
/** One store's requests (home and monitoring count one store and open its queue). */
const STORE_PARAM = 'storeCode';

/**
 * /list-pengajuan-pod — the supervisors' queue (kepala toko and above): status
 * tabs, saved date range and shipmentNo, pull to refresh, pages as it scrolls.
 * New requests arrive live (the shell's POD live updates refresh the list).
 */
export default function PodRequestListPage() {
  const [search, setSearch] = useSearchParams();
  const status = parseStatus(search.get(STATUS_PARAM));
  const storeCode = search.get(STORE_PARAM)?.trim().toUpperCase() || undefined;
  const queryClient = useQueryClient();
  const filters = useFilterStore(useShallow((s) => ({ startDate: s.startDate, endDate: s.endDate, query: s.query })));
  const setFilters = useFilterStore((s) => s.setFilters);
  const clearFilters = useFilterStore((s) => s.clearFilters);
  const [filterOpen, setFilterOpen] = useState(false);

  const params: PodListParams = { status, startDate: filters.startDate, endDate: filters.endDate, shipmentNo: filters.query.trim(), size: 20, ...(storeCode ? { storeCode } : {}) };
  const list = usePodRequests(params);
  const forbidden = hasErrorCode(list.error, 'FORBIDDEN');
  const now = useNow();
  const count = usePodRequestCount({ enabled: !forbidden, storeCode });
  const filtered = Boolean(filters.startDate || filters.endDate || filters.query.trim());
  /** The search params with a tab and the store kept. */
  const withStore = (next: Record<string, string>) => (storeCode ? { ...next, [STORE_PARAM]: storeCode } : next);

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: podKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: podKeys.count(), type: 'active' }),
    ]);

  const header = (
    <PageHeader
      title={id.routes.listPengajuanPod}
      backTo={paths.home}
      actions={
        forbidden ? undefined : (
          <ListHeaderActions
            filtered={filtered}
            onFilter={() => setFilterOpen((o) => !o)}
            filterExpanded={filterOpen}
            filterTestId="open-pod-filter"
            refreshLabel={text.refresh}
            onRefresh={() => void refresh()}
          />
        )
      }
    />
  );

  if (forbidden) {
    return (
      <>
        {header}
        <div className="p-4">
          <EmptyState icon="alert" title={text.noAccessTitle} message={text.noAccessMessage}>
            <ButtonLink to={paths.home} variant="secondary">
              {id.common.toHome}
            </ButtonLink>
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <>
      {header}
      <StatusTabs
        label={text.tabsLabel}
        layout="grid"
        testId="pod-tab"
        current={status}
        onSelect={(s) => setSearch(withStore(s === 'pending' ? {} : { [STATUS_PARAM]: s }), { replace: true })}
        tabs={POD_APPROVAL_STATUSES.map((s) => ({ value: s, label: podText.status[s] ?? s, count: s === 'pending' && count.data && count.data.pending > 0 ? count.data.pending : undefined }))}
      />
      <InfiniteList
        key={status}
        query={list}
        itemKey={(r) => r.id}
        renderItem={(r) => <PodRequestCard request={r} now={now} />}
        skeleton={<RequestCardSkeleton />}
        testId="pod-list"
        label={podText.status[status] ?? status}
        texts={{ total: text.total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList }}
        empty={{ icon: 'pin', title: text.emptyTitle, message: text.empty[status] }}
        filtered={filtered ? { title: text.emptyFiltered, onClear: clearFilters } : null}
        aside={(first) => (
          <span className="inline-flex items-center gap-1" data-testid="pod-list-sort" data-sort={first.sort}>
            <Icon name="clock" className="size-3.5" />
            {first.sort === 'asc' ? text.sortAsc : text.sortDesc}
          </span>
        )}
        onRefresh={refresh}
        header={
          filterOpen ? (
            <PodFilterPanel
              saved={filters}
              onApply={(values) => {
                setFilters(values);
                setFilterOpen(false);
              }}
              onReset={() => {
                setFilters({ startDate: null, endDate: null, query: '' });
                setFilterOpen(false);
              }}
            />
          ) : (
            <FilterChips
              testId="pod-active-filters"
              chips={[storeCode ? t(text.storeChip, { store: storeCode }) : null, dateRangeChip(filters), queryChip(filters.query)]}
              onEdit={() => setFilterOpen(true)}
              onClear={() => {
                setFilters({ startDate: null, endDate: null, query: '' });
                if (storeCode) setSearch(status === 'pending' ? {} : { [STATUS_PARAM]: status }, { replace: true });
              }}
            />
          )
        }
      />
    </>
  );
}

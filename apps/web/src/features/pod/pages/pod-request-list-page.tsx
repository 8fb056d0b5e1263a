import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { POD_APPROVAL_STATUSES, type PodApprovalStatus, type PodRequestSummary } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useLoadMoreSentinel } from '@/shared/hooks/use-in-view';
import { useNow } from '@/shared/hooks/use-now';
import { id, podText, t } from '@/shared/i18n/id';
import { useFilterStore } from '@/shared/stores/filter-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { Spinner } from '@/shared/ui/spinner';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatDate, formatNumber } from '@/shared/utils/format';
import { usePodRequestCount } from '../api/get-pod-request-count';
import { usePodRequests } from '../api/get-pod-requests';
import { PodFilterPanel } from '../components/pod-filter-panel';
import { PodRequestCard, PodRequestCardSkeleton } from '../components/pod-request-card';
import { podKeys, type PodListParams } from '../query-keys';
import { parseStatus } from '../utils/queue-status';

const text = podText.queue;
const STATUS_PARAM = 'status';

function dateChip(startDate: string | null, endDate: string | null): string | null {
  // yyyy-mm-dd are WIB days; noon keeps them on the same day in any zone.
  const fmt = (d: string) => formatDate(`${d}T12:00:00+07:00`);
  if (startDate && endDate) return t(id.orders.filterModal.dateRange, { start: fmt(startDate), end: fmt(endDate) });
  if (startDate) return t(id.orders.filterModal.from, { date: fmt(startDate) });
  if (endDate) return t(id.orders.filterModal.until, { date: fmt(endDate) });
  return null;
}

/**
 * /list-pengajuan-pod — the supervisors' queue (kepala toko and above): status
 * tabs, saved date range and shipmentNo, pull to refresh, pages as it scrolls.
 * New requests arrive live (the shell's POD live updates refresh the list).
 */
export default function PodRequestListPage() {
  const [search, setSearch] = useSearchParams();
  const status = parseStatus(search.get(STATUS_PARAM));
  const queryClient = useQueryClient();
  const filters = useFilterStore(useShallow((s) => ({ startDate: s.startDate, endDate: s.endDate, query: s.query })));
  const setFilters = useFilterStore((s) => s.setFilters);
  const clearFilters = useFilterStore((s) => s.clearFilters);
  const [filterOpen, setFilterOpen] = useState(false);

  const params: PodListParams = { status, startDate: filters.startDate, endDate: filters.endDate, shipmentNo: filters.query.trim(), size: 20 };
  const list = usePodRequests(params);
  const forbidden = isApiError(list.error) && list.error.status === 403;
  const count = usePodRequestCount({ enabled: !forbidden });
  const filtered = Boolean(filters.startDate || filters.endDate || filters.query.trim());

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: podKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: podKeys.count(), type: 'active' }),
    ]);

  const headerButton = 'relative inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white';
  const header = (
    <PageHeader
      title={id.routes.listPengajuanPod}
      backTo={paths.home}
      actions={
        forbidden ? undefined : (
          <>
            <button
              type="button"
              onClick={() => setFilterOpen((o) => !o)}
              aria-label={filtered ? text.filterActive : text.filter}
              aria-expanded={filterOpen}
              className={headerButton}
              data-testid="open-pod-filter"
            >
              <Icon name="filter" />
              {filtered ? <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-amber-300 ring-2 ring-brand-700" /> : null}
            </button>
            <button type="button" onClick={() => void refresh()} aria-label={text.refresh} className={headerButton}>
              <Icon name="refresh" />
            </button>
          </>
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

  const chips = [dateChip(filters.startDate, filters.endDate), filters.query.trim() ? t(id.orders.filterModal.queryChip, { query: filters.query.trim() }) : null].filter(
    (c): c is string => Boolean(c),
  );

  return (
    <>
      {header}
      <div role="group" aria-label={text.tabsLabel} className="sticky top-14 z-10 grid grid-cols-3 gap-1 border-b border-slate-200 bg-white p-2" data-testid="pod-tabs">
        {POD_APPROVAL_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => setSearch(s === 'pending' ? {} : { [STATUS_PARAM]: s }, { replace: true })}
            className={cn('relative min-h-11 rounded-xl text-sm font-semibold', s === status ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
            data-testid={`pod-tab-${s}`}
          >
            {podText.status[s]}
            {s === 'pending' && count.data && count.data.pending > 0 ? (
              <span className={cn('ml-1.5 inline-flex min-w-5 justify-center rounded-full px-1 text-xs', s === status ? 'bg-white text-brand-800' : 'bg-brand-700 text-white')} data-testid="pod-tab-pending-count">
                {formatNumber(count.data.pending)}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4">
          {filterOpen ? (
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
          ) : chips.length ? (
            <div className="flex items-center gap-2" data-testid="pod-active-filters">
              <button type="button" onClick={() => setFilterOpen(true)} className="flex min-h-11 min-w-0 flex-1 flex-wrap items-center gap-1.5 text-left">
                <Icon name="filter" className="size-4 shrink-0 text-brand-700" />
                {chips.map((chip) => (
                  <span key={chip} className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    {chip}
                  </span>
                ))}
              </button>
              <button type="button" onClick={() => setFilters({ startDate: null, endDate: null, query: '' })} className="min-h-11 shrink-0 px-2 text-sm font-semibold text-brand-700">
                {id.orders.clearFilters}
              </button>
            </div>
          ) : null}
          <RequestList key={status} list={list} status={status} filtered={filtered} onClearFilters={clearFilters} />
        </div>
      </PullToRefresh>
    </>
  );
}

function RequestList({
  list,
  status,
  filtered,
  onClearFilters,
}: {
  list: ReturnType<typeof usePodRequests>;
  status: PodApprovalStatus;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  const now = useNow();
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(list);

  if (list.isPending) {
    return (
      <div role="status" aria-label={id.common.loading} className="flex flex-col gap-3" data-testid="pod-list-loading">
        <PodRequestCardSkeleton />
        <PodRequestCardSkeleton />
        <PodRequestCardSkeleton />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return <ErrorState title={text.loadError} message={isApiError(list.error) ? list.error.message : undefined} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }

  const requests: PodRequestSummary[] = [];
  const seen = new Set<number>();
  // Offset pages shift when requests arrive or are decided: never show one twice.
  for (const page of list.data.pages) {
    for (const r of page.items) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      requests.push(r);
    }
  }
  const first = list.data.pages[0];

  if (requests.length === 0) {
    return (
      <EmptyState icon="pin" title={filtered ? text.emptyFiltered : text.emptyTitle} message={filtered ? undefined : text.empty[status]}>
        {filtered ? (
          <Button variant="secondary" onClick={onClearFilters}>
            {id.orders.clearFilters}
          </Button>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <section aria-label={podText.status[status]} className="flex flex-col gap-3" data-testid="pod-list">
      <p className="flex items-center justify-between text-xs text-slate-500">
        <span data-testid="pod-list-total">{t(text.total, { count: formatNumber(first?.total ?? requests.length) })}</span>
        <span className="inline-flex items-center gap-1" data-testid="pod-list-sort" data-sort={first?.sort}>
          <Icon name="clock" className="size-3.5" />
          {first?.sort === 'asc' ? text.sortAsc : text.sortDesc}
        </span>
      </p>
      <ul className="flex flex-col gap-3">
        {requests.map((r) => (
          <li key={r.id}>
            <PodRequestCard request={r} now={now} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-11 flex-col items-center justify-center text-sm text-slate-500">
        {list.isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner className="size-4" />
            {text.loadingMore}
          </span>
        ) : list.hasNextPage ? (
          <Button variant="ghost" onClick={() => void list.fetchNextPage()}>
            {id.common.loadMore}
          </Button>
        ) : (
          <span>{text.endOfList}</span>
        )}
      </div>
    </section>
  );
}

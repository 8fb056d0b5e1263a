import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { MAT_IN_ROUTE_STATUSES, MAT_OUT_ROUTE_STATUSES, MAT_ROUTE_STATUS, MAT_STATUS_LABEL, type MatRouteStatus, type TransferCounts, type TransferItem, type TransferListSide } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { id } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { DateRangeFields, FilterActions, useDateRangeDraft, type DateRange } from '@/shared/ui/date-range-fields';
import { FilterChips, ListHeaderActions, dateRangeChip } from '@/shared/ui/filter-chips';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { PageHeader } from '@/shared/ui/page-header';
import { SearchRow } from '@/shared/ui/search-row';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useTransferCount } from '../api/get-transfer-count';
import { useTransfers } from '../api/get-transfers';
import { transferKeys } from '../query-keys';
import { TRANSFER_LIST_PARAM, transferListParams } from '../utils/list-route';
import { forgetSecretsUnlessNew } from '../utils/secret-store';
import { listPath, outDetailPath } from '../utils/transfer-view';
import { TransferCard, TransferCardSkeleton } from './transfer-card';

const text = transfersText.list;
const PARAM = TRANSFER_LIST_PARAM;

const TITLE: Record<TransferListSide, Partial<Record<MatRouteStatus, string>>> = {
  in: { new: id.routes.matInNew, proces: id.routes.matInProces, done: id.routes.matInDone },
  out: { new: id.routes.matOutNew, proces: id.routes.matOutProces, done: id.routes.matOutDone, cancel: id.routes.matOutCancel },
};

/** A side's count per route status, from the spec's totals. */
const COUNT_OF: Record<MatRouteStatus, keyof TransferCounts> = { new: 'totalNew', proces: 'totalProcess', done: 'totalFinish', cancel: 'totalCancel' };

/**
 * `/mat-in-new|proces|done` and `/mat-out-new|proces|done|cancel`: my store's transfers of one side
 * and status, newest first, searched by number or the other store and filtered by the days they
 * were sent (the filters live in the URL and go along to the sibling lists). Live: a transfer sent,
 * confirmed, finished or cancelled on any phone moves between the lists at once.
 */
export function TransferListScreen({ side, status }: { side: TransferListSide; status: MatRouteStatus }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const query = search.get(PARAM.q) ?? '';
  const params = transferListParams(side, status, search);
  const range: DateRange = { startDate: params.startDate, endDate: params.endDate };
  const [filterOpen, setFilterOpen] = useState(false);
  const now = useNow();
  const count = useTransferCount();

  const list = useTransfers(params);

  // Sent transfers seen out of `new`: their PINs are of no use any more (decision 89).
  useEffect(() => {
    if (side !== 'out') return;
    forgetSecretsUnlessNew((list.data?.pages ?? []).flatMap((page) => page.items));
  }, [side, list.data]);

  const update = (changes: Partial<Record<keyof typeof PARAM, string | null>>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes) as Array<[keyof typeof PARAM, string | null]>) {
      if (value) next.set(PARAM[key], value);
      else next.delete(PARAM[key]);
    }
    setSearch(next, { replace: true });
  };
  const clearAll = () => update({ q: null, startDate: null, endDate: null });
  const filtered = Boolean(query.trim() || range.startDate || range.endDate);

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: transferKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: transferKeys.count(), type: 'active' }),
    ]);

  const counts = side === 'in' ? count.data?.receiver : count.data?.sender;
  const statuses = side === 'in' ? MAT_IN_ROUTE_STATUSES : MAT_OUT_ROUTE_STATUSES;
  const qs = search.toString();
  const matStatus = MAT_ROUTE_STATUS[status];

  return (
    <>
      <PageHeader
        title={TITLE[side][status] ?? id.routes.mat}
        backTo={paths.mat}
        actions={
          <ListHeaderActions
            filtered={Boolean(range.startDate || range.endDate)}
            onFilter={() => setFilterOpen((o) => !o)}
            filterExpanded={filterOpen}
            filterTestId="mat-open-filter"
            refreshLabel={text.refresh}
            onRefresh={() => void refresh()}
          />
        }
      />
      <nav aria-label={text.tabsLabel} className={cn('sticky top-14 z-10 grid gap-1 border-b border-slate-200 bg-white p-2', statuses.length === 4 ? 'grid-cols-4' : 'grid-cols-3')} data-testid="mat-tabs">
        {statuses.map((s) => {
          const label = MAT_STATUS_LABEL[MAT_ROUTE_STATUS[s]];
          const n = counts?.[COUNT_OF[s]];
          return (
            <Link
              key={s}
              to={{ pathname: listPath(side, s), search: qs ? `?${qs}` : '' }}
              replace
              aria-current={s === status ? 'page' : undefined}
              className={cn('inline-flex min-h-11 items-center justify-center gap-1 rounded-xl px-1 text-sm font-semibold', s === status ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
              data-testid={`mat-tab-${s}`}
            >
              {label}{' '}
              {/* Its width is kept while the count loads, so the labels never move. Named by what it shows (WCAG 2.5.3): "Baru 2". */}
              <span className={cn('inline-flex min-w-5 justify-center rounded-full px-1 text-xs tabular-nums', n === undefined && 'invisible', s === status ? 'bg-white text-brand-800' : 'bg-slate-200 text-slate-700')} data-testid={`mat-tab-${s}-count`}>
                {n === undefined ? 0 : formatNumber(n)}
              </span>
            </Link>
          );
        })}
      </nav>
      <InfiniteList
        key={`${side}:${status}`}
        query={list}
        itemKey={(item: TransferItem) => item.matNo}
        renderItem={(item) => <TransferCard item={item} now={now} to={side === 'in' ? paths.detailMatIn(item.matNo) : outDetailPath(item)} />}
        skeleton={<TransferCardSkeleton />}
        testId="mat-list"
        label={`${side === 'in' ? transfersText.entry.inTitle : transfersText.entry.outTitle} ${MAT_STATUS_LABEL[matStatus]}`}
        texts={{ total: text.total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList }}
        empty={{ icon: 'truck', title: text.emptyTitle, message: text.empty[side][matStatus] }}
        filtered={filtered ? { title: text.emptyFiltered, onClear: clearAll } : null}
        onRefresh={refresh}
        header={
          <>
            {filterOpen ? (
              <DateFilter
                saved={range}
                onApply={(value) => {
                  update(value);
                  setFilterOpen(false);
                }}
                onReset={() => {
                  update({ startDate: null, endDate: null });
                  setFilterOpen(false);
                }}
              />
            ) : null}
            <SearchRow query={query} label={text.searchLabel} placeholder={text.searchPlaceholder} onSearch={(q) => update({ q: q ?? null })} testId="mat-search" />
            <FilterChips testId="mat-filters" chips={[dateRangeChip(range)]} onEdit={() => setFilterOpen(true)} onClear={() => update({ startDate: null, endDate: null })} />
          </>
        }
      />
    </>
  );
}

/** The WIB days the transfers were sent, applied together; the end may not come before the start. */
function DateFilter({ saved, onApply, onReset }: { saved: DateRange; onApply: (range: DateRange) => void; onReset: () => void }) {
  const uid = useId();
  const { draft, range, check } = useDateRangeDraft<DateRange>(saved, id.filters.endBeforeStart);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (check()) onApply({ startDate: draft.startDate, endDate: draft.endDate });
  };
  return (
    <form onSubmit={apply} noValidate aria-label={text.filterTitle} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="mat-filter">
      <DateRangeFields uid={uid} startLabel={id.filters.startDate} endLabel={id.filters.endDate} {...range} />
      <FilterActions onReset={onReset} />
    </form>
  );
}


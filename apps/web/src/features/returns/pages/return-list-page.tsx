import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { RETURN_STATUS, RETURN_STATUSES, RETURN_STATUS_LABEL, type ReturnStatus } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { id } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { SearchRow } from '@/shared/ui/search-row';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useReturnCount } from '../api/get-return-count';
import { useReturns } from '../api/get-returns';
import { ReturnCard, ReturnCardSkeleton } from '../components/return-card';
import { returnKeys, type ReturnListParams } from '../query-keys';
import { parseReturnStatus } from '../utils/method';

const text = returnsText.list;
const QUERY_PARAM = 'q';

/** /retur/list/:status — the store's returns per status, with counts; an unknown status goes to Diajukan. */
export default function ReturnListPage() {
  const status = parseReturnStatus(useParams().status);
  if (!status) return <Navigate to={paths.returList(RETURN_STATUS.REQUESTED)} replace />;
  return <ReturnList status={status} />;
}

function ReturnList({ status }: { status: ReturnStatus }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const query = search.get(QUERY_PARAM) ?? '';
  const now = useNow();
  const params: ReturnListParams = { status, query: query.trim(), size: 20 };
  const list = useReturns(params);
  const count = useReturnCount();

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: returnKeys.list(params), type: 'active' }),
      queryClient.refetchQueries({ queryKey: returnKeys.count(), type: 'active' }),
    ]);

  const applySearch = (value: string | undefined) => {
    const q = value?.trim();
    setSearch(q ? { [QUERY_PARAM]: q } : {}, { replace: true });
  };
  const clearSearch = () => applySearch(undefined);

  return (
    <>
      <PageHeader
        title={id.routes.returList}
        backTo={paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={text.refresh} />}
      />
      <div role="group" aria-label={text.tabsLabel} className="sticky top-14 z-10 flex gap-1.5 overflow-x-auto border-b border-slate-200 bg-white p-2 [scrollbar-width:none]" data-testid="return-tabs">
        {RETURN_STATUSES.map((s) => {
          const n = count.data?.counts[s];
          const label = RETURN_STATUS_LABEL[s];
          return (
            <button
              key={s}
              type="button"
              aria-pressed={s === status}
              onClick={() => navigate({ pathname: paths.returList(s), search: query ? `?${QUERY_PARAM}=${encodeURIComponent(query)}` : '' }, { replace: true })}
              className={cn('inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold whitespace-nowrap', s === status ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
              data-testid={`return-tab-${s}`}
            >
              {label}
              {n !== undefined ? (
                <>
                  {/* Named by what it shows (WCAG 2.5.3): "Diajukan 2", the space keeping the two apart. */}{' '}
                  <span
                    className={cn('inline-flex min-w-5 justify-center rounded-full px-1 text-xs tabular-nums', s === status ? 'bg-white text-brand-800' : n > 0 ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-600')}
                    data-testid={`return-tab-${s}-count`}
                  >
                    {formatNumber(n)}
                  </span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <InfiniteList
        key={status}
        query={list}
        itemKey={(r) => r.id}
        renderItem={(r) => <ReturnCard item={r} now={now} />}
        skeleton={<ReturnCardSkeleton />}
        testId="return-list"
        label={RETURN_STATUS_LABEL[status]}
        texts={{ total: text.total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList }}
        empty={{ icon: 'returns', title: text.emptyTitle, message: text.empty[status] }}
        filtered={query ? { title: text.emptyFiltered, onClear: clearSearch } : null}
        onRefresh={refresh}
        header={<SearchRow query={query} label={text.searchLabel} placeholder={text.searchPlaceholder} onSearch={applySearch} testId="return-search" chipsTestId="return-active-filters" maxLength={100} />}
      />
    </>
  );
}

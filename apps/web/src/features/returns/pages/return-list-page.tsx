import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { RETURN_STATUS, RETURN_STATUSES, RETURN_STATUS_LABEL, type ReturnStatus } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { id } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { RequestCardSkeleton } from '@/shared/ui/request-card';
import { SearchRow } from '@/shared/ui/search-row';
import { StatusTabs } from '@/shared/ui/status-tabs';
import { useReturnCount } from '../api/get-return-count';
import { useReturns } from '../api/get-returns';
import { ReturnCard } from '../components/return-card';
import { returnKeys } from '../query-keys';
import { RETURN_LIST_QUERY_PARAM, returnListParams } from '../utils/list-route';
import { parseReturnStatus } from '../utils/method';

const text = returnsText.list;
const QUERY_PARAM = RETURN_LIST_QUERY_PARAM;

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
  const params = returnListParams(status, search);
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
      <StatusTabs
        label={text.tabsLabel}
        layout="scroll"
        testId="return-tab"
        current={status}
        onSelect={(s) => navigate({ pathname: paths.returList(s), search: query ? `?${QUERY_PARAM}=${encodeURIComponent(query)}` : '' }, { replace: true })}
        tabs={RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABEL[s], count: count.data?.counts[s] }))}
      />
      <InfiniteList
        key={status}
        query={list}
        itemKey={(r) => r.id}
        renderItem={(r) => <ReturnCard item={r} now={now} />}
        skeleton={<RequestCardSkeleton />}
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

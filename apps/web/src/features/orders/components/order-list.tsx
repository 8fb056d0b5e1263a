import type { OrderSummary } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { useLoadMoreSentinel } from '@/shared/hooks/use-in-view';
import { useNow } from '@/shared/hooks/use-now';
import { id, t } from '@/shared/i18n/id';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { formatNumber } from '@/shared/utils/format';
import { useOrders } from '../api/get-orders';
import type { OrderListParams } from '../query-keys';
import { OrderCard, OrderCardSkeleton } from './order-card';

/**
 * One status list: skeletons while the first page loads, an error with retry,
 * an empty state (different when filters hide everything), then cards loaded
 * page by page as the crew scrolls.
 */
export function OrderList({
  params,
  label,
  emptyMessage,
  filtered,
  onClearFilters,
}: {
  params: OrderListParams;
  label: string;
  emptyMessage: string;
  filtered: boolean;
  onClearFilters: () => void;
}) {
  const list = useOrders(params);
  const now = useNow();
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(list);

  if (list.isPending) {
    return (
      <div role="status" aria-label={id.common.loading} className="flex flex-col gap-3" data-testid="order-list-loading">
        <OrderCardSkeleton />
        <OrderCardSkeleton />
        <OrderCardSkeleton />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <ErrorState
        title={id.orders.loadError}
        message={isApiError(list.error) ? list.error.message : undefined}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  const pages = list.data.pages;
  const orders: OrderSummary[] = [];
  const seen = new Set<string>();
  // Offset pages shift when orders arrive or move: never show one twice.
  for (const page of pages) {
    for (const o of page.items) {
      if (seen.has(o.shipmentNo)) continue;
      seen.add(o.shipmentNo);
      orders.push(o);
    }
  }
  const total = pages[0]?.total ?? 0;

  if (orders.length === 0) {
    return (
      <EmptyState icon="orders" title={filtered ? id.orders.emptyFiltered : id.orders.emptyTitle} message={filtered ? undefined : emptyMessage}>
        {filtered ? (
          <Button variant="secondary" onClick={onClearFilters}>
            {id.orders.clearFilters}
          </Button>
        ) : null}
      </EmptyState>
    );
  }

  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <p className="text-xs text-slate-500" data-testid="order-list-total">
        {t(id.orders.total, { count: formatNumber(total) })}
      </p>
      <ul className="flex flex-col gap-3">
        {orders.map((order) => (
          <li key={order.shipmentNo}>
            <OrderCard order={order} now={now} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-11 flex-col items-center justify-center text-sm text-slate-500">
        {list.isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner className="size-4" />
            {id.orders.loadingMore}
          </span>
        ) : list.hasNextPage ? (
          <Button variant="ghost" onClick={() => void list.fetchNextPage()}>
            {id.common.loadMore}
          </Button>
        ) : (
          <span>{id.orders.endOfList}</span>
        )}
      </div>
    </section>
  );
}

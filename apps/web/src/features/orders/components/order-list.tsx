import type { ReactNode } from 'react';
import { useNow } from '@/shared/hooks/use-now';
import { ordersText } from '@/shared/i18n/orders';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { useOrders } from '../api/get-orders';
import type { OrderListParams } from '../query-keys';
import { OrderCard, OrderCardSkeleton } from './order-card';

/** One status list of orders (the shared infinite list), cards loaded page by page. */
export function OrderList({
  params,
  label,
  emptyMessage,
  filtered,
  onClearFilters,
  header,
  onRefresh,
}: {
  params: OrderListParams;
  label: string;
  emptyMessage: string;
  filtered: boolean;
  onClearFilters: () => void;
  header?: ReactNode;
  onRefresh: () => Promise<unknown>;
}) {
  const list = useOrders(params);
  const now = useNow();
  return (
    <InfiniteList
      query={list}
      itemKey={(order) => order.shipmentNo}
      renderItem={(order) => <OrderCard order={order} now={now} />}
      skeleton={<OrderCardSkeleton />}
      testId="order-list"
      label={label}
      texts={{ total: ordersText.total, loadError: ordersText.loadError, loadingMore: ordersText.loadingMore, endOfList: ordersText.endOfList }}
      empty={{ icon: 'orders', title: ordersText.emptyTitle, message: emptyMessage }}
      filtered={filtered ? { title: ordersText.emptyFiltered, onClear: onClearFilters } : null}
      header={header}
      onRefresh={onRefresh}
    />
  );
}

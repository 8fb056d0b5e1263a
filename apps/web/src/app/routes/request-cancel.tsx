import { lazy, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { OrderDetail } from '@gerai/contract';
import type { OrderCacheLink } from '@/features/cancellations/api/cancel-change';
import { RequestCancelPage, type OrderLoadState } from '@/features/cancellations/pages/request-cancel-page';
import { isOrderNotFound, newerOrder, useOrder } from '@/features/orders/api/get-order';
import { orderKeys } from '@/features/orders/query-keys';
import { orderDetailPath } from '@/features/orders/utils/order-status';
import { id } from '@/shared/i18n/id';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { NeedsActiveStore } from '../no-store';

const CancelQueuePage = lazy(() => import('@/features/cancellations/pages/cancel-queue-page'));

/**
 * /request-cancel?shipmentNo= — a cross-area screen: the order comes from the orders area, its
 * cancellation from the cancellations area. Without a shipment: the requests waiting for a decision.
 */
export default function RequestCancelRoute() {
  const [search] = useSearchParams();
  const shipmentNo = search.get('shipmentNo')?.trim() ?? '';
  return shipmentNo ? (
    <OrderCancellation key={shipmentNo} shipmentNo={shipmentNo} />
  ) : (
    <NeedsActiveStore title={id.routes.requestCancel}>
      <CancelQueuePage />
    </NeedsActiveStore>
  );
}

function OrderCancellation({ shipmentNo }: { shipmentNo: string }) {
  const queryClient = useQueryClient();
  const order = useOrder(shipmentNo);

  // A missing shipment answers quietly (the not-found state); other failures open the reload modal.
  const error = order.error;
  useEffect(() => {
    if (error && !isOrderNotFound(error)) showErrorModal(error, 'reload');
  }, [error]);

  const link: OrderCacheLink = useMemo(
    () => ({
      keys: [orderKeys.detail(shipmentNo), orderKeys.count(), orderKeys.lists()],
      write: async (client, detail: OrderDetail) => {
        const key = orderKeys.detail(detail.shipmentNo);
        await client.cancelQueries({ queryKey: key });
        client.setQueryData<OrderDetail>(key, (old) => newerOrder(old, detail));
      },
    }),
    [shipmentNo],
  );

  const state: OrderLoadState = order.data
    ? 'ready'
    : order.isPending && order.fetchStatus !== 'idle'
      ? 'loading'
      : error && isOrderNotFound(error)
        ? 'not-found'
        : 'error';

  return (
    <RequestCancelPage
      shipmentNo={shipmentNo}
      order={order.data}
      orderState={state}
      retrying={order.isFetching}
      onRetry={() => void order.refetch()}
      onRefreshOrder={() => queryClient.refetchQueries({ queryKey: orderKeys.detail(shipmentNo), type: 'active' })}
      link={link}
      detailPath={orderDetailPath}
    />
  );
}

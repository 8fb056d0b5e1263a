import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { OrderDetail } from '@gerai/contract';
import { ScanGoScreen, type OrderLoadState } from '@/features/pod/components/scan-go-screen';
import { isOrderNotFound, newerOrder, useOrder } from '@/features/orders/api/get-order';
import { orderKeys } from '@/features/orders/query-keys';
import { orderDetailPath } from '@/features/orders/utils/order-status';
import { paths } from '@/shared/config/paths';
import { showErrorModal } from '@/shared/modal/error-to-modal';

/**
 * /order/detail-scan-go/:status/:shipmentNo/:method — a cross-area screen: the
 * order comes from the orders area, proof of delivery from the POD area.
 */
export default function OrderScanGoRoute() {
  const { status, shipmentNo = '', method } = useParams();
  const queryClient = useQueryClient();
  // The spec: the detail is fetched only when shipmentNo, status or method is given.
  const order = useOrder(shipmentNo, { enabled: Boolean(shipmentNo || status || method) });

  // A missing shipment answers quietly; other failures open the reload modal (as the order detail does).
  const error = order.error;
  useEffect(() => {
    if (error && !isOrderNotFound(error)) showErrorModal(error, 'reload');
  }, [error]);

  const onOrderChanged = useCallback(
    (detail: OrderDetail) => {
      const key = orderKeys.detail(detail.shipmentNo);
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<OrderDetail>(key, (old) => newerOrder(old, detail));
      void queryClient.invalidateQueries({ queryKey: orderKeys.count() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    [queryClient],
  );

  const state: OrderLoadState = order.data
    ? 'ready'
    : order.isPending && order.fetchStatus !== 'idle'
      ? 'loading'
      : error && isOrderNotFound(error)
        ? 'not-found'
        : 'error';

  return (
    <ScanGoScreen
      shipmentNo={shipmentNo}
      order={order.data}
      orderState={state}
      retrying={order.isFetching}
      onRetry={() => void order.refetch()}
      onRefreshOrder={() => queryClient.refetchQueries({ queryKey: orderKeys.detail(shipmentNo), type: 'active' })}
      onOrderChanged={onOrderChanged}
      detailPath={order.data ? orderDetailPath(order.data) : shipmentNo ? paths.orderDetail(status ?? '1103', shipmentNo, method ?? 'delivery') : paths.listProses}
    />
  );
}

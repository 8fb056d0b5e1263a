import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { OrderDetail } from '@gerai/contract';
import { ScanGoScreen } from '@/features/pod/components/scan-go-screen';
import { useOrderScreen, writeOrder } from '@/features/orders/api/use-order-screen';
import { orderKeys } from '@/features/orders/query-keys';
import { orderDetailPath } from '@/features/orders/utils/order-status';
import { paths } from '@/shared/config/paths';

/**
 * /order/detail-scan-go/:status/:shipmentNo/:method — a cross-area screen: the
 * order comes from the orders area, proof of delivery from the POD area.
 */
export default function OrderScanGoRoute() {
  const { status, shipmentNo = '', method } = useParams();
  const queryClient = useQueryClient();
  // The spec: the detail is fetched only when shipmentNo, status or method is given.
  const screen = useOrderScreen(shipmentNo, { enabled: Boolean(shipmentNo || status || method) });

  const onOrderChanged = useCallback(
    (detail: OrderDetail) => {
      void writeOrder(queryClient, detail);
      void queryClient.invalidateQueries({ queryKey: orderKeys.count() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    [queryClient],
  );

  return (
    <ScanGoScreen
      shipmentNo={shipmentNo}
      {...screen}
      onOrderChanged={onOrderChanged}
      detailPath={screen.order ? orderDetailPath(screen.order) : shipmentNo ? paths.orderDetail(status ?? '1103', shipmentNo, method ?? 'delivery') : paths.listProses}
    />
  );
}

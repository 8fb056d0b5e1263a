import { lazy, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderCacheLink } from '@/features/cancellations/api/cancel-change';
import { RequestCancelPage } from '@/features/cancellations/pages/request-cancel-page';
import { useOrderScreen, writeOrder } from '@/features/orders/api/use-order-screen';
import { orderKeys } from '@/features/orders/query-keys';
import { orderDetailPath } from '@/features/orders/utils/order-status';
import { id } from '@/shared/i18n/id';
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
  const screen = useOrderScreen(shipmentNo);
  const link: OrderCacheLink = useMemo(() => ({ keys: [orderKeys.detail(shipmentNo), orderKeys.count(), orderKeys.lists()], write: writeOrder }), [shipmentNo]);
  return <RequestCancelPage shipmentNo={shipmentNo} {...screen} link={link} detailPath={orderDetailPath} />;
}

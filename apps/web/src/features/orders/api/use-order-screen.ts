import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import type { OrderScreenProps, OrderScreenState } from '@/shared/api/order-screen';
import { replaceCached } from '@/shared/api/use-api-mutation';
import { showErrorModal } from '@/shared/modal/error-to-modal';
import { orderKeys } from '../query-keys';
import { isOrderNotFound, newerOrder, useOrder } from './get-order';

/** Writes an order another area's change answered with into its cached detail (never over a newer one). */
export const writeOrder = (queryClient: QueryClient, detail: OrderDetail): Promise<void> =>
  replaceCached<OrderDetail>(queryClient, orderKeys.detail(detail.shipmentNo), (old) => newerOrder(old, detail));

/**
 * The order as a screen of another area shows it (scan and go, the cancel form): loading, ready,
 * absent (a quiet not-found state) or failed (the reload modal, as the order detail does), with
 * its retry and read-again. The one place those screens load their order.
 */
export function useOrderScreen(shipmentNo: string, { enabled = true }: { enabled?: boolean } = {}): Omit<OrderScreenProps, 'shipmentNo'> {
  const queryClient = useQueryClient();
  const order = useOrder(shipmentNo, { enabled });
  const error = order.error;
  useEffect(() => {
    if (error && !isOrderNotFound(error)) showErrorModal(error, 'reload');
  }, [error]);

  const orderState: OrderScreenState = order.data
    ? 'ready'
    : order.isPending && order.fetchStatus !== 'idle'
      ? 'loading'
      : error && isOrderNotFound(error)
        ? 'not-found'
        : 'error';

  return {
    order: order.data,
    orderState,
    retrying: order.isFetching,
    onRetry: () => void order.refetch(),
    onRefreshOrder: () => queryClient.refetchQueries({ queryKey: orderKeys.detail(shipmentNo), type: 'active' }),
  };
}

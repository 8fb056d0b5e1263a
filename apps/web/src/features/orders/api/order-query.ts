import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { orderKeys } from '../query-keys';

// The order detail's read on its own: the shell asks for it with the screen's code (list-route.ts),
// so it stays out of get-order.ts's hooks and the pending overlay they bring.

/** GET /api/orders/:shipmentNo → the order with products, customer, store, history and actions. */
export function getOrder(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}`, { signal });
}

/** The newer of two versions of one order (a refetch may overtake a mutation's reply). */
export function newerOrder(a: OrderDetail | undefined, b: OrderDetail): OrderDetail {
  if (!a || a.shipmentNo !== b.shipmentNo) return b;
  return Date.parse(a.updatedAt) > Date.parse(b.updatedAt) ? a : b;
}

export const orderQueryOptions = (shipmentNo: string) =>
  queryOptions({
    queryKey: orderKeys.detail(shipmentNo),
    queryFn: async ({ signal, client }) => {
      const fresh = await getOrder(shipmentNo, { signal });
      // Never let a read that started before a scan replace the scan's newer reply.
      return newerOrder(client.getQueryData<OrderDetail>(orderKeys.detail(shipmentNo)), fresh);
    },
    staleTime: 10_000,
  });

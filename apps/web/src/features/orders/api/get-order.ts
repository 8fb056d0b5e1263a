import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { api } from '@/shared/api/client';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { applyPending, type PendingOrder } from '../utils/pending-overlay';
import { orderKeys } from '../query-keys';

/** GET /api/orders/:shipmentNo → the order with products, customer, store, history and actions. */
export function getOrder(shipmentNo: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${encodeURIComponent(shipmentNo)}`, { signal });
}

/** A missing shipment (or another store's): the spec answers it quietly, without a modal. */
export function isOrderNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'));
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

/**
 * The order as this phone's crew left it: the server's copy (the spec: fetched only when
 * shipmentNo, status or method is given) with the actions still waiting on the phone
 * applied (`kept`: which lines, how many, which were refused).
 */
export function useOrder(shipmentNo: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...orderQueryOptions(shipmentNo ?? ''), enabled: enabled && Boolean(shipmentNo) });
  const actions = usePendingActions();
  const server = query.data;
  const kept: PendingOrder | null = useMemo(() => (server ? applyPending(server, actions) : null), [server, actions]);
  return { ...query, data: kept?.order, kept };
}

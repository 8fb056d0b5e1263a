import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CancelRequest, CancelResult, OrderDetail } from '@gerai/contract';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { shipmentScope } from '@/shared/outbox/scopes';
import { cancelKeys, cancelMutationKey } from '../query-keys';

/**
 * How the order's own cache meets a cancellation: the app composes it from the orders area
 * (features do not import each other), so a reply's order lands in the order's detail at once.
 */
export interface OrderCacheLink {
  /** The order's queries (its detail, the counts, the lists) read again after a change, even when the screen is gone. */
  keys: readonly QueryKey[];
  /** Writes the order a reply carries into its cached detail. */
  write: (queryClient: QueryClient, order: OrderDetail) => unknown;
}

/**
 * How every cancellation change of one order meets the cache: it reaches the server in
 * order with the shipment's other changes (one scope per shipment, shared with picking and
 * POD), the reply's request is the order's request at once and its order the order's detail,
 * the queue and its count are read again; after a refusal, everything it may have made stale.
 */
export function cancelChange(shipmentNo: string, link?: OrderCacheLink): MutationPlan<CancelResult, object> {
  const orderKeys = link?.keys ?? [];
  return {
    mutationKey: cancelMutationKey(shipmentNo),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write: (queryClient, { request, order }) =>
      Promise.all([replaceCached<CancelRequest | null>(queryClient, cancelKeys.detail(shipmentNo), () => request), link?.write(queryClient, order)]),
    invalidate: [cancelKeys.lists(), cancelKeys.count(), ...orderKeys],
    refetchOnError: { keys: [cancelKeys.detail(shipmentNo), cancelKeys.lists(), cancelKeys.count(), ...orderKeys] },
  };
}

import type { OrderDetail } from '@gerai/contract';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { shipmentScope } from '@/shared/outbox/scopes';
import { orderKeys, orderMutationKey } from '../query-keys';
import { ORDER_STALE_CODES } from '../refusals';
import { newerOrder } from './get-order';

/** How a reply updates the cached detail; by default the reply is the new detail (unless the cache is newer). */
export type DetailUpdate<TData> = (old: OrderDetail | undefined, data: TData) => OrderDetail | undefined;

/**
 * How every change of one order meets the cache: the changes of one shipment reach
 * the server one after another (scope, shared with its POD changes), the reply updates the cached detail at once
 * (`updateDetail`), counts and lists are refreshed, and a refusal the area's tables mark stale
 * (`refusals.ts`) reads the detail again. Every order endpoint passes it to useApiMutation.
 */
export function orderChange<TData = OrderDetail>(shipmentNo: string, updateDetail?: DetailUpdate<TData>): MutationPlan<TData, object> {
  const update = updateDetail ?? (newerOrder as DetailUpdate<unknown> as DetailUpdate<TData>);
  const detail = orderKeys.detail(shipmentNo);
  return {
    mutationKey: orderMutationKey(shipmentNo),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write: (queryClient, data) => replaceCached<OrderDetail>(queryClient, detail, (old) => update(old, data)),
    invalidate: [orderKeys.count(), orderKeys.lists()],
    refetchOnError: { keys: [detail], codes: ORDER_STALE_CODES },
  };
}

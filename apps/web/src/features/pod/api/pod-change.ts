import type { QueryClient } from '@tanstack/react-query';
import type { PodDecisionResult } from '@gerai/contract';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { shipmentScope } from '@/shared/outbox/scopes';
import { podKeys, podMutationKey } from '../query-keys';

/**
 * How every POD change of one order meets the cache: the changes of one shipment
 * reach the server one after another (scope, shared with its order changes); afterwards, refused or not, the queue, its
 * badge and the order's requests are read again. Every POD endpoint passes it
 * to useApiMutation.
 */
export function podChange<TData>(shipmentNo: string, write?: MutationPlan<TData, object>['write']): MutationPlan<TData, object> {
  const touched = [podKeys.lists(), podKeys.count(), podKeys.orderRequests(shipmentNo)];
  return {
    mutationKey: podMutationKey(shipmentNo),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write,
    invalidate: touched,
    refetchOnError: { keys: touched },
  };
}

/** A decision answers with the request as it is now: its detail shows it at once. */
export function writeDecision(queryClient: QueryClient, { request: r }: PodDecisionResult) {
  return replaceCached(queryClient, podKeys.detail(r.shipmentNo, r.deliveryType, r.type), () => r);
}

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ReturnDetail } from '@gerai/contract';
import type { ApiErrorCode } from '@/shared/api/api-error';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { shipmentScope } from '@/shared/outbox/scopes';
import { returnKeys, returnMutationKey } from '../query-keys';

/** Refusals that say the return shown is out of date: its detail is read again. */
const STALE_CODES: readonly ApiErrorCode[] = ['RETURN_STATUS_CHANGED', 'RETURN_NOT_FOUND', 'RETURN_ALREADY_OPEN', 'RETURN_QTY_EXCEEDS', 'RETURN_RECEIVED_EXCEEDS', 'FORBIDDEN'];

/** Every change answers with the return as it is now: its detail shows it at once. */
export function writeReturn(queryClient: QueryClient, detail: ReturnDetail) {
  return replaceCached<ReturnDetail>(queryClient, returnKeys.detail(detail.shipmentNo), () => detail);
}

/**
 * How every return change of one order meets the cache: the changes of one shipment reach the
 * server one after another, in the same outbox scope as its order and POD changes; the reply is
 * the detail; afterwards the lists, the counts and what the order may still return are read
 * again. The order itself shows its return (returnInfo, actions): the orders area's queries are
 * read again too, by the area prefix every key starts with.
 */
export function returnChange(shipmentNo: string, { staleCodes = STALE_CODES }: { staleCodes?: readonly ApiErrorCode[] } = {}): MutationPlan<ReturnDetail, object> {
  const touched: QueryKey[] = [returnKeys.lists(), returnKeys.count(), returnKeys.returnable(shipmentNo), ['orders']];
  return {
    mutationKey: returnMutationKey(shipmentNo),
    scope: shipmentScope(shipmentNo),
    subject: shipmentNo,
    write: writeReturn,
    invalidate: touched,
    refetchOnError: { keys: [returnKeys.detail(shipmentNo), returnKeys.returnable(shipmentNo), returnKeys.count()], codes: staleCodes },
  };
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/api-error';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { applyPending, type PendingOrder } from '../utils/pending-overlay';
import { orderQueryOptions } from './order-query';

export { getOrder, newerOrder, orderQueryOptions } from './order-query';

/** A missing shipment (or another store's): the spec answers it quietly, without a modal. */
export function isOrderNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'));
}

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

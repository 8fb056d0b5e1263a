import { DELIVERY_TYPE, RETURN_STATUSES, type ReturnStatus } from '@gerai/contract';

/** The route's :method segment for an order's delivery type (as the order screens write it). */
export const methodOf = (deliveryType: number): 'pickup' | 'delivery' => (deliveryType === DELIVERY_TYPE.DELIVERY ? 'delivery' : 'pickup');

/** The :status of /retur/list/:status when it names a return status; null otherwise. */
export function parseReturnStatus(value: string | undefined): ReturnStatus | null {
  return value && (RETURN_STATUSES as readonly string[]).includes(value) ? (value as ReturnStatus) : null;
}

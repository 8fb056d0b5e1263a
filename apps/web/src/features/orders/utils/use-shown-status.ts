import type { OrderDetail } from '@gerai/contract';
import { useHeldChange } from '@/shared/hooks/use-held-change';
import { orderMutationKey } from '../query-keys';

const HELD = { idOf: (o: OrderDetail) => o.shipmentNo, signatureOf: (o: OrderDetail) => String(o.statusId), mutationKey: orderMutationKey };

/**
 * The status the detail screen has shown the crew. A change made on this phone (a claim, a pack, one
 * kept in the outbox) moves it on at once; a change made on another phone is held until the crew has
 * seen it, so the screen never silently turns into another step's screen (a picking screen taking
 * scans for an order someone else took). `changedFrom` is the status shown before such a change, null
 * when there is none.
 */
export function useShownStatus(order: OrderDetail | undefined, keptHere = 0) {
  const { changedFrom, acknowledge } = useHeldChange(order, HELD, keptHere);
  return { changedFrom: changedFrom === null ? null : changedFrom.statusId, acknowledge };
}

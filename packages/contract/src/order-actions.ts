// What an order offers in each status: the server lists it in every detail, and the phone
// applies it to an order changed offline (a claim kept in the outbox makes it a picking
// order on the phone before the server has it). Zod-free.
import { DELIVERY_TYPE, ORDER_STATUS } from './statuses';

export const ORDER_ACTIONS = ['claim', 'scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack', 'handover', 'finish', 'archiveCancelled'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The actions an order offers in its status. Any crew member who can see the
 * store may take them (docs/decisions.md): the status, not the person, decides.
 */
export function availableActions(statusId: number, deliveryType: number): OrderAction[] {
  switch (statusId) {
    case ORDER_STATUS.NEW:
      return ['claim'];
    case ORDER_STATUS.PACKING:
      return ['scan', 'editQuantity', 'markOutOfStock', 'setPaperBags', 'reset', 'pack'];
    case ORDER_STATUS.IN_PROGRESS:
      // Delivery orders are confirmed through scan-and-go POD (a separate flow).
      return deliveryType === DELIVERY_TYPE.PICKUP ? ['handover'] : [];
    case ORDER_STATUS.COMPLETED:
      return ['finish'];
    case ORDER_STATUS.CANCELLED:
      return ['archiveCancelled'];
    default:
      return [];
  }
}

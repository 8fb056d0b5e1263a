import { DELIVERY_TYPE, ORDER_STATUS, type OrderAction } from '@gerai/contract';

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

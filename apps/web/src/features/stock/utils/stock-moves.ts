import { ORDER_STATUS, STOCK_MOVING_EVENT_TYPES, type StockLookup } from '@gerai/contract';
import type { StreamEvent } from '@/shared/events/event-stream';

type StockMovingEvent = StreamEvent<(typeof STOCK_MOVING_EVENT_TYPES)[number]>;

/** Booking steps that move units: taken (sellable → reserved), received (reserved → the other store), cancelled once taken. */
const BOOKING_MOVES: ReadonlySet<string> = new Set(['booking.taken', 'booking.received', 'booking.cancelled']);

/**
 * Whether `event` may have changed the stock on screen: the lookup's product in one of its stores, or,
 * without a lookup (the search results), any product of the stores the phone hears.
 */
export function movesShownStock(event: StockMovingEvent, lookup: StockLookup | undefined): boolean {
  const stores = lookup ? new Set([lookup.store.storeCode, ...lookup.nearby.map((s) => s.storeCode)]) : null;
  const shown = (storeCode: string | null) => !stores || !storeCode || stores.has(storeCode);
  switch (event.type) {
    case 'order.packed':
    case 'return.received':
      // Their payload does not name the products: any of the store's may have moved.
      return shown(event.data.storeCode);
    case 'order.cancelled':
      // Only a packed order's cancellation moves stock; before packing the goods never left the books.
      return event.data.fromStatus === ORDER_STATUS.IN_PROGRESS && shown(event.data.storeCode);
    case 'transfer.sent':
    case 'transfer.cancelled':
    case 'transfer.finished':
      // Sent: the sender's units leave for transit; cancelled: they come back; finished: the receiver's arrive.
      return shown(event.data.senderStore) || shown(event.data.receiverStore);
    default:
      if (!BOOKING_MOVES.has(event.type)) return false;
      if (event.type === 'booking.cancelled' && event.data.storeTaken === null) return false;
      if (lookup && event.data.productId !== lookup.product.productID) return false;
      return shown(event.data.orderingStore) || shown(event.data.servingStore);
  }
}

import { BOOKING_EVENT_TYPES, CANCEL_EVENT_TYPES, CHAT_EVENT_TYPES, ORDER_EVENT_TYPES, RETURN_EVENT_TYPES, type OrderDetail } from '@gerai/contract';
import { defineLive, patchFor, staleFor, type LiveContext, type StaleKey } from '@/shared/events/live-rule';
import { orderKeys, orderMutationKey } from './query-keys';
import { applyScannedEvent } from './utils/order-detail';
import { applyChatUnread } from './utils/chat-unread';

/** Events that change one order's detail only: its status, counts and lists stay as they are. */
const DETAIL_ONLY = ['order.notice', ...CANCEL_EVENT_TYPES.filter((t) => t !== 'cancel.approved'), ...RETURN_EVENT_TYPES, ...BOOKING_EVENT_TYPES] as const;
/** Events that move an order: between lists and counts, and its detail. */
const MOVING = [...ORDER_EVENT_TYPES.filter((t) => t !== 'order.notice' && t !== 'order.scanned'), 'cancel.approved'] as const;

/** An event of another store than the phone's (a supervisor hears several) changes none of its lists. */
const forMyStore = (storeCode: string | null, ctx: LiveContext) => !ctx.storeCode || !storeCode || storeCode === ctx.storeCode;

/** The order's detail: read again, unless this phone is changing it right now (its own reply is newer). */
const detail = (shipmentNo: string, ctx: LiveContext): StaleKey => ({ queryKey: orderKeys.detail(shipmentNo), quiet: ctx.queryClient.isMutating({ mutationKey: orderMutationKey(shipmentNo) }) > 0 });

/**
 * Orders: an order's step moves it between the lists and counts and changes its detail; a channel
 * notice, a cancel request, a return step or a stock booking changes what its detail shows (its request,
 * its return, whether it may be packed). A scan is written into the cached detail from the event (one
 * line's count), and a chat message moves the detail's unread count (decision 92).
 */
export const ordersLive = defineLive({
  area: 'orders',
  stale: {
    ...staleFor(MOVING, (e, ctx) => (forMyStore(e.data.storeCode, ctx) ? [orderKeys.count(), orderKeys.lists(), detail(e.data.shipmentNo, ctx)] : [detail(e.data.shipmentNo, ctx)])),
    ...staleFor(DETAIL_ONLY, (e, ctx) => [detail(e.data.shipmentNo, ctx)]),
    'order.scanned': (e, ctx) => [...(forMyStore(e.data.storeCode, ctx) ? [orderKeys.count(), orderKeys.lists()] : []), ...(ctx.patched ? [] : [detail(e.data.shipmentNo, ctx)])],
    ...staleFor(CHAT_EVENT_TYPES, (e, ctx) => (ctx.patched ? [{ queryKey: orderKeys.detail(e.data.shipmentNo), exact: true }] : [])),
  },
  patch: {
    'order.scanned': (e, { queryClient }) => {
      // A scan changes one line's picked count, which the event carries: written in, not read again.
      const key = orderKeys.detail(e.data.shipmentNo);
      const cached = queryClient.getQueryData<OrderDetail>(key);
      const patched = cached ? applyScannedEvent(cached, e.data) : null;
      if (!patched) return false;
      queryClient.setQueryData(key, patched);
      return true;
    },
    ...patchFor(CHAT_EVENT_TYPES, (e, { queryClient }) => applyChatUnread(queryClient, e.data.shipmentNo, e)),
  },
});

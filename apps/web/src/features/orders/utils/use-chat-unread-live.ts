import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHAT_EVENT_TYPES, CHAT_MESSAGE_STATE, CHAT_SENDER, type OrderDetail } from '@gerai/contract';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { orderKeys } from '../query-keys';

type ChatEvent = StreamEvent<(typeof CHAT_EVENT_TYPES)[number]>;

/**
 * How a chat event moves the order detail's unread count (decision 92): a customer message adds one,
 * the customer's messages read take theirs off. Null: the event does not touch the count.
 */
export function unreadChange(event: ChatEvent): number | null {
  if (event.type === 'chat.message.created') return event.data.message.sender === CHAT_SENDER.CUSTOMER ? 1 : null;
  if (event.type === 'chat.message.state') return event.data.sender === CHAT_SENDER.CUSTOMER && event.data.state === CHAT_MESSAGE_STATE.READ ? -event.data.messageIds.length : null;
  return null;
}

/** Applies an event to the cached detail at once, then asks the server (a replayed event must not count twice). */
export function applyChatUnread(queryClient: QueryClient, shipmentNo: string, event: ChatEvent): void {
  const change = unreadChange(event);
  if (change === null) return;
  const key = orderKeys.detail(shipmentNo);
  queryClient.setQueryData<OrderDetail>(key, (order) => (order ? { ...order, chatUnread: Math.max(0, order.chatUnread + change) } : order));
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** Keeps the detail's Chat badge current while the order is open: the chat's events, on the session's one stream. */
export function useChatUnreadLive(shipmentNo: string | undefined): void {
  const queryClient = useQueryClient();
  useEvents(
    CHAT_EVENT_TYPES,
    (event) => {
      if (shipmentNo && event.data.shipmentNo === shipmentNo) applyChatUnread(queryClient, shipmentNo, event);
    },
    { enabled: Boolean(shipmentNo) },
  );
}

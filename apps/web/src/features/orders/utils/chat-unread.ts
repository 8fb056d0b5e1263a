import type { QueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGE_STATE, CHAT_SENDER, type ChatEventType, type OrderDetail } from '@gerai/contract';
import type { StreamEvent } from '@/shared/events/event-stream';
import { orderKeys } from '../query-keys';

type ChatEvent = StreamEvent<ChatEventType>;

/**
 * How a chat event moves the order detail's unread count (decision 92): a customer message adds one,
 * the customer's messages read take theirs off. Null: the event does not touch the count.
 */
export function unreadChange(event: ChatEvent): number | null {
  if (event.type === 'chat.message.created') return event.data.message.sender === CHAT_SENDER.CUSTOMER ? 1 : null;
  if (event.type === 'chat.message.state') return event.data.sender === CHAT_SENDER.CUSTOMER && event.data.state === CHAT_MESSAGE_STATE.READ ? -event.data.messageIds.length : null;
  return null;
}

/**
 * Writes a chat event's change of the unread count into the cached detail at once (true when it did);
 * the live declaration then has the detail read again (a replayed event must not count twice).
 */
export function applyChatUnread(queryClient: QueryClient, shipmentNo: string, event: ChatEvent): boolean {
  const change = unreadChange(event);
  const key = orderKeys.detail(shipmentNo);
  if (change === null || !queryClient.getQueryData(key)) return false;
  queryClient.setQueryData<OrderDetail>(key, (order) => (order ? { ...order, chatUnread: Math.max(0, order.chatUnread + change) } : order));
  return true;
}

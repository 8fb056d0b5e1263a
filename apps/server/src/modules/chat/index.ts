// The chat area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/chat/ from outside it).
import { CHAT_MESSAGE_STATE, CHAT_SENDER, type EventType } from '@gerai/contract';
import type { StoredEvent } from '../../platform/events';

export { CHAT_NOTICE_OUTCOMES } from './channel';

/**
 * Chat notices go out at once, not on the dispatcher's next poll: a store message's event (its
 * `chat.message` notice) and the crew's read of the customer's messages (its `chat.read` notice)
 * arrive through NOTIFY, that is after their transaction committed, in every process (each may kick
 * its own dispatcher; SKIP LOCKED lets one of them send it).
 */
export function kicksNoticeDispatch(event: Pick<StoredEvent, 'type' | 'payload'>): boolean {
  const type: EventType = event.type;
  if (type === 'chat.message.created') return (event.payload as { message?: { sender?: string } }).message?.sender === CHAT_SENDER.STORE;
  if (type !== 'chat.message.state') return false;
  const { sender, state } = event.payload as { sender?: string; state?: string };
  return sender === CHAT_SENDER.CUSTOMER && state === CHAT_MESSAGE_STATE.READ;
}

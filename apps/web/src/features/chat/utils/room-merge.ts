import type { ChatMessage, ChatMessageState, ChatRoom, ChatSender } from '@gerai/contract';

const unreadIn = (items: readonly ChatMessage[]) => items.filter((m) => m.sender === 'customer' && m.state !== 'read').length;

const RANK: Record<ChatMessageState, number> = { sent: 0, failed: 1, delivered: 2, read: 3 };

/** The later of two states of one message: a late or replayed event never moves a message back. */
export const laterState = (a: ChatMessageState, b: ChatMessageState): ChatMessageState => (RANK[b] > RANK[a] ? b : a);

/**
 * The room with `incoming` messages in it: each message once (by its id, and by the sender's own id,
 * so the reply to a send and its live event are one message), oldest first, never a state moved back.
 */
export function mergeMessages(room: ChatRoom, incoming: readonly ChatMessage[]): ChatRoom {
  const byId = new Map(room.items.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id) ?? room.items.find((x) => x.clientId === m.clientId && x.sender === m.sender);
    byId.set(m.id, known ? { ...m, state: laterState(known.state, m.state) } : m);
  }
  const items = [...byId.values()].sort((a, b) => a.id - b.id);
  return { ...room, items, unread: unreadIn(items) };
}

/** The room with the messages `ids` of `sender` moved on to `state`. */
export function applyState(room: ChatRoom, sender: ChatSender, ids: readonly number[], state: ChatMessageState): ChatRoom {
  const changed = new Set(ids);
  const items = room.items.map((m) => (m.sender === sender && changed.has(m.id) ? { ...m, state: laterState(m.state, state) } : m));
  return { ...room, items, unread: unreadIn(items) };
}

/** The newest customer message not read yet: what the crew's open room marks read. */
export const lastUnreadFromCustomer = (room: ChatRoom): number | null =>
  room.items.reduce<number | null>((last, m) => (m.sender === 'customer' && m.state !== 'read' ? m.id : last), null);

import { describe, expect, it } from 'vitest';
import { chatMessage, chatRoom } from '../chat-test-kit';
import { applyState, lastUnreadFromCustomer, mergeMessages } from './room-merge';

describe('a room’s messages', () => {
  it('keeps each message once, oldest first, by id and by the sender’s own id', () => {
    const room = chatRoom({ items: [chatMessage({ id: 5 }), chatMessage({ id: 3, clientId: 'a' })] });
    const merged = mergeMessages(room, [chatMessage({ id: 5, state: 'delivered' }), chatMessage({ id: 4, clientId: 'b', sender: 'customer', state: 'delivered' })]);
    expect(merged.items.map((m) => [m.id, m.state])).toEqual([
      [3, 'sent'],
      [4, 'delivered'],
      [5, 'delivered'],
    ]);
    expect(merged.unread).toBe(1);
    expect(lastUnreadFromCustomer(merged)).toBe(4);
  });

  it('never moves a state back, and only for the named sender', () => {
    const room = chatRoom({ items: [chatMessage({ id: 1, state: 'read' }), chatMessage({ id: 2, clientId: 'c', sender: 'customer', state: 'delivered' })] });
    expect(applyState(room, 'store', [1], 'delivered').items[0]!.state).toBe('read');
    expect(applyState(room, 'store', [2], 'read').items[1]!.state).toBe('delivered');
    const read = applyState(room, 'customer', [2], 'read');
    expect(read.items[1]!.state).toBe('read');
    expect(read.unread).toBe(0);
    expect(lastUnreadFromCustomer(read)).toBeNull();
  });
});

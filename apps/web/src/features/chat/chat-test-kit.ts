import type { ChatMessage, ChatRoom } from '@gerai/contract';

// A shipment's chat as the modal's tests render it, and what the server answers with.
export const SHIPMENT = 'SHP2511220000001';
export const ORDER_NO = 'ALFAGIFT-AB12';

export function chatRoom(over: Partial<ChatRoom> = {}): ChatRoom {
  return { roomId: 7, shipmentNo: SHIPMENT, orderNo: ORDER_NO, statusId: 1103, readOnly: false, customerName: 'Sabian Kasusra', items: [], hasMore: false, unread: 0, ...over };
}

export function chatMessage(over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    clientId: '3f1b1c9e-1111-4c2a-9c7e-000000000001',
    sender: 'store',
    body: 'Halo Kak',
    photo: null,
    state: 'sent',
    authorName: 'Budi Santoso',
    createdAt: '2025-11-22T03:00:00.000Z',
    ...over,
  };
}

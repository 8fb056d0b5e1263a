import type { ChatReadResult } from '@gerai/contract';
import { useApiMutation } from '@/shared/api/use-api-mutation';
import { applyState } from '../utils/room-merge';
import { chatChange, updateRoom } from './chat-change';

export interface MarkChatReadInput {
  upToId: number;
}

/** POST /api/chat/rooms/:shipmentNo/read: the crew had the room open and saw the customer's messages up to `upToId`. */
export function useMarkChatRead(shipmentNo: string) {
  return useApiMutation<ChatReadResult, MarkChatReadInput>({
    ...chatChange<ChatReadResult, MarkChatReadInput>(shipmentNo, (queryClient, _result, { upToId }) =>
      updateRoom(queryClient, shipmentNo, (room) =>
        applyState(
          room,
          'customer',
          room.items.filter((m) => m.sender === 'customer' && m.id <= upToId).map((m) => m.id),
          'read',
        ),
      ),
    ),
    action: {
      kind: 'chat.read',
      request: ({ upToId }) => ({ method: 'POST', path: `/chat/rooms/${encodeURIComponent(shipmentNo)}/read`, body: { upToId } }),
    },
  });
}

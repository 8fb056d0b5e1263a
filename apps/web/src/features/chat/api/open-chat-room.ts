import type { ChatRoom } from '@gerai/contract';
import { replaceCached, useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { chatKeys } from '../query-keys';
import { chatChange } from './chat-change';

export type OpenChatRoomInput = Record<string, never>;

/**
 * POST /api/chat/rooms/:shipmentNo/:orderNo (spec: "POST create chat room, shipmentNo and orderNo in
 * the path"): opens the shipment's room on first use, the same room after; answers it with its
 * newest messages, which replace the cached room.
 */
export function useOpenChatRoom(shipmentNo: string, orderNo: string, options?: MutationCallbacks<ChatRoom, OpenChatRoomInput>) {
  return useApiMutation<ChatRoom, OpenChatRoomInput>({
    ...chatChange<ChatRoom, OpenChatRoomInput>(shipmentNo, (queryClient, room) => replaceCached<ChatRoom>(queryClient, chatKeys.room(shipmentNo), () => room)),
    ...options,
    action: {
      kind: 'chat.open',
      request: () => ({ method: 'POST', path: `/chat/rooms/${encodeURIComponent(shipmentNo)}/${encodeURIComponent(orderNo)}`, body: {} }),
    },
  });
}

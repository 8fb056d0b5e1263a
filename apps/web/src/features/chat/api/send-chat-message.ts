import type { ChatMessage } from '@gerai/contract';
import { useApiMutation, type MutationCallbacks } from '@/shared/api/use-api-mutation';
import { mergeMessages } from '../utils/room-merge';
import { chatChange, updateRoom } from './chat-change';

/** A message as the phone names it: `messageId` is its own UUID, kept with the action in the outbox. */
export interface SendChatMessageInput {
  messageId: string;
  body?: string;
  photoId?: string;
  /** Shown while the message waits in the outbox (an object URL of the chosen photo); never sent. */
  photoPreview?: string;
}

/**
 * POST /api/chat/rooms/:shipmentNo/messages: text, a photo (uploaded first) or both. The phone's
 * `messageId` makes every retry of the outbox (and any replay of its event) the same one message.
 * An order in history: 409 CHAT_READ_ONLY.
 */
export function useSendChatMessage(shipmentNo: string, options?: MutationCallbacks<ChatMessage, SendChatMessageInput>) {
  return useApiMutation<ChatMessage, SendChatMessageInput>({
    ...chatChange<ChatMessage, SendChatMessageInput>(shipmentNo, (queryClient, message) => updateRoom(queryClient, shipmentNo, (room) => mergeMessages(room, [message]))),
    ...options,
    action: {
      kind: 'chat.send',
      request: ({ messageId, body, photoId }) => ({ method: 'POST', path: `/chat/rooms/${encodeURIComponent(shipmentNo)}/messages`, body: { messageId, body, photoId } }),
    },
  });
}

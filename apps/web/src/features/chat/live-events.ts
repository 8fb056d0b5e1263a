import { useQueryClient } from '@tanstack/react-query';
import { CHAT_EVENT_TYPES } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { updateRoom } from './api/chat-change';
import { chatKeys } from './query-keys';
import { applyState, mergeMessages } from './utils/room-merge';

/**
 * Keeps an open chat current on the session's one SSE connection: a message either way is put in the
 * room as it arrives (once: the room merges by message id, so a replay after a reconnect or the
 * event of my own send adds nothing), a state moves its messages on, a room opened elsewhere is read.
 */
export function useChatLiveUpdates(shipmentNo: string): void {
  const queryClient = useQueryClient();
  useEvents(
    CHAT_EVENT_TYPES,
    (event) => {
      if (event.data.shipmentNo !== shipmentNo) return;
      switch (event.type) {
        case 'chat.message.created':
          void updateRoom(queryClient, shipmentNo, (room) => mergeMessages({ ...room, roomId: room.roomId ?? event.data.roomId }, [event.data.message]));
          break;
        case 'chat.message.state':
          void updateRoom(queryClient, shipmentNo, (room) => applyState(room, event.data.sender, event.data.messageIds, event.data.state));
          break;
        case 'chat.room.created':
          void queryClient.invalidateQueries({ queryKey: chatKeys.room(shipmentNo) });
          break;
      }
    },
    { enabled: Boolean(shipmentNo) },
  );
}

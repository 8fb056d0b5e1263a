import { defineLive } from '@/shared/events/live-rule';
import { updateRoom } from './api/chat-change';
import { chatKeys } from './query-keys';
import { applyState, mergeMessages } from './utils/room-merge';

/**
 * Chat: a message either way is put into the shipment's cached room as it arrives (once: the room
 * merges by message id, so a replay after a reconnect or the event of my own send adds nothing), a
 * state moves its messages on, a room opened elsewhere is read again.
 */
export const chatLive = defineLive({
  area: 'chat',
  stale: {
    'chat.room.created': (e) => [chatKeys.room(e.data.shipmentNo)],
  },
  patch: {
    'chat.message.created': (e, { queryClient }) => {
      if (!queryClient.getQueryData(chatKeys.room(e.data.shipmentNo))) return false;
      void updateRoom(queryClient, e.data.shipmentNo, (room) => mergeMessages({ ...room, roomId: room.roomId ?? e.data.roomId }, [e.data.message]));
      return true;
    },
    'chat.message.state': (e, { queryClient }) => {
      if (!queryClient.getQueryData(chatKeys.room(e.data.shipmentNo))) return false;
      void updateRoom(queryClient, e.data.shipmentNo, (room) => applyState(room, e.data.sender, e.data.messageIds, e.data.state));
      return true;
    },
  },
});

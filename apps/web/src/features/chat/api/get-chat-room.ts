import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { replaceCached } from '@/shared/api/use-api-mutation';
import { chatKeys } from '../query-keys';
import { mergeMessages } from '../utils/room-merge';

/**
 * GET /api/chat/rooms/:shipmentNo → whether the chat may be written to, the unread count and the
 * newest messages (oldest first); `before` reads the page before a message. A room not opened yet
 * answers `roomId: null`. Another store's shipment: 404.
 */
export function getChatRoom(shipmentNo: string, { before, signal }: { before?: number; signal?: AbortSignal } = {}): Promise<ChatRoom> {
  return api.get<ChatRoom>(`/chat/rooms/${encodeURIComponent(shipmentNo)}`, { query: { before }, signal });
}

export const chatRoomQueryOptions = (shipmentNo: string) =>
  queryOptions({ queryKey: chatKeys.room(shipmentNo), queryFn: ({ signal }) => getChatRoom(shipmentNo, { signal }), staleTime: 5_000 });

/**
 * The open chat's room. Opening the chat always asks the server again: its live updates run only
 * while it is open, so a customer message that came while it was closed (the Chat button's badge)
 * shows, and is read, at once; the cached room shows meanwhile (and offline).
 */
export function useChatRoom(shipmentNo: string) {
  return useQuery({ ...chatRoomQueryOptions(shipmentNo), enabled: Boolean(shipmentNo), refetchOnMount: 'always' });
}

/** Reads the page before the oldest message shown and puts it in front of the room. */
export async function loadOlderMessages(queryClient: QueryClient, shipmentNo: string): Promise<void> {
  const room = queryClient.getQueryData<ChatRoom>(chatKeys.room(shipmentNo));
  const first = room?.items[0];
  if (!room || !first) return;
  const older = await getChatRoom(shipmentNo, { before: first.id });
  await replaceCached<ChatRoom>(queryClient, chatKeys.room(shipmentNo), (old) => (old ? { ...mergeMessages(old, older.items), hasMore: older.hasMore } : old));
}

import type { QueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@gerai/contract';
import type { ApiErrorCode } from '@/shared/api/api-error';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { chatKeys, chatMutationKey, chatScope } from '../query-keys';

/** Refusals that say the chat shown is out of date (the order went to history, the room is gone). */
const STALE_CODES: readonly ApiErrorCode[] = ['CHAT_READ_ONLY', 'CHAT_ROOM_NOT_FOUND', 'NOT_FOUND'];

/** Changes the cached room of a shipment (when it is cached). */
export const updateRoom = (queryClient: QueryClient, shipmentNo: string, update: (room: ChatRoom) => ChatRoom) =>
  replaceCached<ChatRoom>(queryClient, chatKeys.room(shipmentNo), (old) => (old ? update(old) : old));

/**
 * How a change of one shipment's chat meets the cache: its actions go through the outbox in the
 * chat's own scope, the reply is written by `write`, and a refusal that says the chat is out of date
 * reads the room again.
 */
export function chatChange<T, V extends object>(shipmentNo: string, write: (queryClient: QueryClient, data: T, vars: V) => unknown): MutationPlan<T, V> {
  return {
    mutationKey: chatMutationKey(shipmentNo),
    scope: chatScope(shipmentNo),
    subject: shipmentNo,
    write,
    refetchOnError: { keys: [chatKeys.room(shipmentNo)], codes: STALE_CODES },
  };
}

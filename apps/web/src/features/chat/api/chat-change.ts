import type { QueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@gerai/contract';
import { replaceCached, type MutationPlan } from '@/shared/api/use-api-mutation';
import { chatKeys, chatMutationKey, chatScope } from '../query-keys';
import { CHAT_STALE_CODES } from '../refusals';

/** Changes the cached room of a shipment (when it is cached). */
export const updateRoom = (queryClient: QueryClient, shipmentNo: string, update: (room: ChatRoom) => ChatRoom) =>
  replaceCached<ChatRoom>(queryClient, chatKeys.room(shipmentNo), (old) => (old ? update(old) : old));

/**
 * How a change of one shipment's chat meets the cache: its actions go through the outbox in the
 * chat's own scope, the reply is written by `write`, and a refusal CHAT_REFUSALS marks stale (the chat is
 * out of date) reads the room again.
 */
export function chatChange<T, V extends object>(shipmentNo: string, write: (queryClient: QueryClient, data: T, vars: V) => unknown): MutationPlan<T, V> {
  return {
    mutationKey: chatMutationKey(shipmentNo),
    scope: chatScope(shipmentNo),
    subject: shipmentNo,
    write,
    refetchOnError: { keys: [chatKeys.room(shipmentNo)], codes: CHAT_STALE_CODES },
  };
}

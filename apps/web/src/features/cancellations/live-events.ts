import { useQueryClient } from '@tanstack/react-query';
import { CANCEL_EVENT_TYPES, type CancelEventType } from '@gerai/contract';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { cancelKeys } from './query-keys';

/** What the cancellation screens listen to: the contract's cancel events and the cancellation itself (a direct one has no request event of its own). */
export const CANCEL_LIVE_TYPES = [...CANCEL_EVENT_TYPES, 'order.cancelled'] as const;
export type CancelLiveEvent = StreamEvent<CancelEventType | 'order.cancelled'>;

/**
 * Keeps the queue, its count and the order's request current while a cancellation screen is
 * shown (on the session's one SSE connection). A decider's phone sees a new request at once;
 * the crew's sees the decision.
 */
export function useCancelLiveRefresh({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  useEvents(
    CANCEL_LIVE_TYPES,
    (event) => {
      void queryClient.invalidateQueries({ queryKey: cancelKeys.count() });
      void queryClient.invalidateQueries({ queryKey: cancelKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: cancelKeys.detail(event.data.shipmentNo) });
    },
    { enabled },
  );
}

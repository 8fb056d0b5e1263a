import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_EVENT_TYPES, type BookingEventType } from '@gerai/contract';
import { useEvents, type StreamEvent } from '@/shared/events/event-stream';
import { bookingKeys } from './query-keys';

export type BookingLiveEvent = StreamEvent<BookingEventType>;

/**
 * Keeps the booking screens current while they are shown (on the session's one SSE connection):
 * every booking change is sent to both stores, so a request addressed to my store appears at once,
 * and the ordering store sees it taken or refused. Lists, counts, the stores that still have stock
 * and the booking's own detail are read again; `onEvent` lets a screen say what happened.
 */
export function useBookingLiveRefresh({ enabled = true, onEvent }: { enabled?: boolean; onEvent?: (event: BookingLiveEvent) => void } = {}): void {
  const queryClient = useQueryClient();
  useEvents(
    BOOKING_EVENT_TYPES,
    (event) => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.count() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.stores() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.proposals() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(event.data.bookID) });
      onEvent?.(event);
    },
    { enabled },
  );
}

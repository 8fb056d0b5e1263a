import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { BOOKING_EVENT_TYPES, type BookingDetail } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { bookingQueryOptions } from './api/get-booking';
import { bookingKeys, bookingMutationKey } from './query-keys';
import { patchBooking, type BookingLiveEvent } from './utils/booking-live';

export type { BookingLiveEvent } from './utils/booking-live';

/** Event ids each cache has taken in (the shell's listener and an open screen's both hear an event): the last few. */
const applied = new WeakMap<QueryClient, string[]>();
const REMEMBERED = 64;

function alreadyApplied(queryClient: QueryClient, id: string): boolean {
  const ids = applied.get(queryClient) ?? [];
  if (ids.includes(id)) return true;
  applied.set(queryClient, [...ids.slice(-(REMEMBERED - 1)), id]);
  return false;
}

/**
 * Applies one booking event to the cache, whatever screen is open (every booking change is sent to
 * both stores). The booking's cached detail — the screen's and the phone's saved copy alike — is
 * patched from the event at once, then read again if this phone has it at all (even when no screen
 * shows it: the order line already says "Diambil", so its booking must not open as "Menunggu").
 * A change this phone is making itself is left to its own reply, which is newer. Lists, counts, the
 * stores that still have stock and the proposals are refreshed (on screen) or marked stale.
 */
export function applyBookingEvent(queryClient: QueryClient, event: BookingLiveEvent): void {
  if (alreadyApplied(queryClient, event.id)) return;
  void queryClient.invalidateQueries({ queryKey: bookingKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: bookingKeys.count() });
  void queryClient.invalidateQueries({ queryKey: bookingKeys.stores() });
  void queryClient.invalidateQueries({ queryKey: bookingKeys.proposals() });
  const { bookID } = event.data;
  const key = bookingKeys.detail(bookID);
  if (!queryClient.getQueryState(key)) return;
  const cached = queryClient.getQueryData<BookingDetail>(key);
  const patched = cached ? patchBooking(cached, event) : null;
  // Keeps the copy's age: the read below still comes (setQueryData would stamp it fresh).
  if (patched) queryClient.setQueryData(key, patched, { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
  if (queryClient.isMutating({ mutationKey: bookingMutationKey(bookID) }) > 0) return;
  void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  // With its query function: a copy restored from the phone's storage has none until a screen mounts it.
  void queryClient.prefetchQuery(bookingQueryOptions(bookID));
}

/**
 * The bookings' live side, mounted once in the signed-in shell (on the session's one SSE connection),
 * so a booking event reaches the cache whichever screen is open.
 */
export function BookingLiveSync(): null {
  const queryClient = useQueryClient();
  useEvents(BOOKING_EVENT_TYPES, (event) => applyBookingEvent(queryClient, event));
  return null;
}

/**
 * The booking screens' own hold on the stream: while one is shown its events reach the cache even
 * before the shell's listener has loaded; an event both hear is applied once.
 */
export function useBookingLiveRefresh({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  useEvents(BOOKING_EVENT_TYPES, (event) => applyBookingEvent(queryClient, event), { enabled });
}

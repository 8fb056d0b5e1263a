import { BOOKING_EVENT_TYPES, type BookingDetail } from '@gerai/contract';
import { defineLive, patchFor, staleFor } from '@/shared/events/live-rule';
import { bookingKeys, bookingMutationKey } from './query-keys';
import { patchBooking } from './utils/booking-live';

/**
 * Bookings: every step is sent to both stores, and changes the lists, the counts, the stores that
 * still have stock, the proposals and the booking's detail. The cached detail — the screen's and the
 * phone's saved copy alike — is written from the event at once through BOOKING_FLOW (an older,
 * replayed event changes nothing), so a booking taken by the serving store never opens as "Menunggu"
 * while the order line says "Diambil"; then it is read again, unless this phone is changing it now
 * (its own reply is newer).
 */
export const bookingsLive = defineLive({
  area: 'bookings',
  stale: staleFor(BOOKING_EVENT_TYPES, (e, { queryClient }) => [
    bookingKeys.lists(),
    bookingKeys.count(),
    bookingKeys.stores(),
    bookingKeys.proposals(),
    { queryKey: bookingKeys.detail(e.data.bookID), quiet: queryClient.isMutating({ mutationKey: bookingMutationKey(e.data.bookID) }) > 0 },
  ]),
  patch: patchFor(BOOKING_EVENT_TYPES, (event, { queryClient }) => {
    const key = bookingKeys.detail(event.data.bookID);
    const cached = queryClient.getQueryData<BookingDetail>(key);
    const patched = cached ? patchBooking(cached, event) : null;
    if (!patched) return false;
    // Keeps the copy's age: it is still read again (setQueryData would stamp it fresh).
    queryClient.setQueryData(key, patched, { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
    return true;
  }),
});

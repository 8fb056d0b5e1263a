import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@gerai/contract';
import { bookingMutationKey } from '../query-keys';

/** What the crew acts on: the status, whether it still counts, and the store it is addressed to. */
export const bookingSignature = (b: Pick<BookingDetail, 'status' | 'cancelled' | 'offeredTo'>) => `${b.status}|${b.cancelled}|${b.offeredTo.storeCode}`;

interface Shown {
  bookID: number;
  signature: string;
  /** When the screen started showing it: this phone's changes after it are its own. */
  since: number;
  /** The booking as it was shown, for the notice ("was … now …"). */
  detail: BookingDetail;
}

/** Whether this phone asked for a change of the booking since `since` (sent, kept in the outbox, or answered). */
function changedHere(queryClient: QueryClient, bookID: number, since: number): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: bookingMutationKey(bookID) })
    .some((m) => m.state.submittedAt >= since && m.state.status !== 'error');
}

/**
 * The booking as the detail screen has shown it (decision 82). A change made on this phone moves it
 * on at once; one made on another phone or by the other store (taken, refused, re-offered, cancelled)
 * is held until the crew has seen it, so a button pressed a moment later never acts on a booking
 * that is no longer what the screen showed. `changedFrom` is the booking shown before such a change;
 * `keptHere`: this phone's actions on the booking still in the outbox.
 */
export function useHeldBooking(detail: BookingDetail | undefined, keptHere = 0) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const bookID = detail?.bookID;
  const signature = detail ? bookingSignature(detail) : undefined;

  const same = shown !== null && shown.bookID === bookID;
  const moved = same && signature !== undefined && shown.signature !== signature;
  // Decided while rendering, so a change of this phone's own never flashes the notice.
  // While an action of this phone waits in the outbox, a change is its own (after a reload the outbox loads after the cache).
  const mine = moved && (keptHere > 0 || changedHere(queryClient, shown.bookID, shown.since));

  useEffect(() => {
    if (!detail || bookID === undefined || signature === undefined) return;
    if (!same || mine) setShown({ bookID, signature, since: Date.now(), detail });
    // The detail object changes with every read; only what the crew acts on counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookID, signature, same, mine]);

  return {
    changedFrom: moved && !mine ? shown.detail : null,
    /** The crew has seen the change: the screen follows the booking again. */
    acknowledge: () => {
      if (detail && signature !== undefined) setShown({ bookID: detail.bookID, signature, since: Date.now(), detail });
    },
  };
}

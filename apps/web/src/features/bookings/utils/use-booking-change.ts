import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetail } from '@gerai/contract';
import { changedHere } from '@/shared/hooks/use-held-change';
import { bookingMutationKey } from '../query-keys';
import { bookingSignature, describeChange } from './booking-live';

interface Seen {
  bookID: number;
  signature: string;
  /** When the screen started showing it: this phone's changes after it are its own. */
  since: number;
  detail: BookingDetail;
}

/**
 * What changed on the open booking that this phone did not do (the other store took, refused or
 * cancelled it; another phone of the store re-offered it): the screen always shows the booking as it
 * is now, with its actions (the receive panel appears in place once the goods can be fetched), and
 * `change` says in one line what happened, until the crew dismisses it or the next change replaces
 * it. A change this phone made is its own (its toast said it). `keptHere`: this phone's actions on the
 * booking still in the outbox (after a reload the outbox loads after the cache).
 */
export function useBookingChange(detail: BookingDetail, keptHere = 0) {
  const queryClient = useQueryClient();
  const signature = bookingSignature(detail);
  const [seen, setSeen] = useState<Seen>(() => ({ bookID: detail.bookID, signature, since: Date.now(), detail }));
  const [change, setChange] = useState<string | null>(null);

  useEffect(() => {
    if (seen.bookID === detail.bookID && seen.signature === signature) return;
    const mine = seen.bookID === detail.bookID && (keptHere > 0 || changedHere(queryClient, bookingMutationKey(seen.bookID), seen.since));
    setChange(seen.bookID !== detail.bookID || mine ? null : describeChange(seen.detail, detail));
    setSeen({ bookID: detail.bookID, signature, since: Date.now(), detail });
    // The detail object changes with every read; only what the crew acts on counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.bookID, signature]);

  return { change, dismiss: () => setChange(null) };
}

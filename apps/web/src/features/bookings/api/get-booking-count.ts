import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingCount } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys } from '../query-keys';

/** GET /api/bookings/count → what waits on the active store (requests addressed to it) and its own open bookings per status. */
export function getBookingCount({ signal }: { signal?: AbortSignal } = {}): Promise<BookingCount> {
  return api.get<BookingCount>('/bookings/count', { signal });
}

/** `storeCode` only keys the cache (the server counts the active store): a store change never shows the previous one's count. */
export const bookingCountQueryOptions = (storeCode?: string) =>
  queryOptions({
    queryKey: bookingKeys.count(storeCode),
    queryFn: ({ signal }) => getBookingCount({ signal }),
    staleTime: 30_000,
    // Live events refresh it at once; this only covers a stream that is down.
    refetchInterval: 60_000,
  });

export function useBookingCount({ enabled = true, storeCode }: { enabled?: boolean; storeCode?: string } = {}) {
  return useQuery({ ...bookingCountQueryOptions(storeCode), enabled });
}

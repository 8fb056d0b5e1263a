import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingProposal } from '@gerai/contract';
import { api } from '@/shared/api/client';
import { bookingKeys } from '../query-keys';

/**
 * GET /api/bookings/proposal?shipmentNo&lineId → the order line (ordered, picked, out of stock,
 * already booked, lacking) and the first stores Gerai proposes. An order of my store not in
 * picking: 409 BOOKING_ORDER_NOT_PICKING; another store's or a missing one: 404.
 */
export function getBookingProposal(shipmentNo: string, lineId: number, { signal }: { signal?: AbortSignal } = {}): Promise<BookingProposal> {
  return api.get<BookingProposal>('/bookings/proposal', { query: { shipmentNo, lineId }, signal });
}

export const bookingProposalQueryOptions = (shipmentNo: string, lineId: number) =>
  queryOptions({
    queryKey: bookingKeys.proposal(shipmentNo, lineId),
    queryFn: ({ signal }) => getBookingProposal(shipmentNo, lineId, { signal }),
    staleTime: 10_000,
  });

export function useBookingProposal(shipmentNo: string, lineId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...bookingProposalQueryOptions(shipmentNo, lineId), enabled: enabled && Boolean(shipmentNo) && lineId > 0 });
}

import { paths } from '@/shared/config/paths';
import type { BookingGroupParams } from '../query-keys';
import { parseBookingStatus, parseDirection } from './booking-view';

export type BookingGrouping = 'product' | 'store';

/** The URL parameter that opens one group's bookings. */
export const BOOKING_GROUP_PARAM: Record<BookingGrouping, 'productId' | 'storeCode'> = { product: 'productId', store: 'storeCode' };
/** A page of groups or of one group's bookings. */
export const BOOKING_PAGE_SIZE = 20;

/** The filters of the URL (direction, status, search): the screen's and the first load's one reading. */
export function bookingGroupParams(search: URLSearchParams): BookingGroupParams {
  return { direction: parseDirection(search.get('direction')), status: parseBookingStatus(search.get('status')), q: (search.get('q') ?? '').trim(), size: BOOKING_PAGE_SIZE };
}

/** How a list's path groups the bookings (`/booking-list-product` → product), or null for any other path. */
export function bookingListRoute(pathname: string): BookingGrouping | null {
  const path = pathname.replace(/\/+$/, '');
  return path === paths.bookingListProduct ? 'product' : path === paths.bookingListStore ? 'store' : null;
}

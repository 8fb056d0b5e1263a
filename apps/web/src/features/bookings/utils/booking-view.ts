import { BOOKING_STATUS_WITHOUT_TAKER, BOOKING_STATUS_IDS, type BookingDirection, type BookingStatusId } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { formatNumber } from '@/shared/utils/format';

/** A status id from the URL or a payload, or undefined when it is none of the booking statuses. */
export function parseBookingStatus(value: string | number | null | undefined): BookingStatusId | undefined {
  const n = Number(value);
  return (BOOKING_STATUS_IDS as number[]).includes(n) ? (n as BookingStatusId) : undefined;
}

/** `in` or `out` from the URL; requests addressed to my store (`in`) are the default, what the home badge counts. */
export const parseDirection = (value: string | null): BookingDirection => (value === 'out' ? 'out' : 'in');

/** storeTaken / stockTaken as shown: "-" while no store has taken the booking (1131, 1134: the values are null then). */
export function takenStore(b: { status: number; storeTaken: string | null }): string {
  return BOOKING_STATUS_WITHOUT_TAKER.includes(b.status) || b.storeTaken === null ? bookingsText.common.dash : b.storeTaken;
}
export function takenStock(b: { status: number; stockTaken: number | null }): string {
  return BOOKING_STATUS_WITHOUT_TAKER.includes(b.status) || b.stockTaken === null ? bookingsText.common.dash : formatNumber(b.stockTaken);
}
/** True while the booking has no taker: what the spec shows as "-". */
export const withoutTaker = (status: number) => BOOKING_STATUS_WITHOUT_TAKER.includes(status);

/** Whether a scanned code is the booked product: its EAN-13 barcode or its productID, as the server checks. */
export function isProductCode(code: string, product: { barcode: string; productId: string }): boolean {
  const c = code.trim();
  return c !== '' && (c === product.barcode || c === product.productId);
}

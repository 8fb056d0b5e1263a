import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_OPEN_STATUSES, BOOKING_STATUS_WITHOUT_TAKER } from '@gerai/contract';
import type { Reader } from '../../db/client';
import { stockBookingDetails, stockBookings } from '../../db/schema';

/**
 * What an order's stock bookings hold (decision 88), read by picking and packing under the order's
 * lock: the units per line that are booked but have not arrived (1131, 1132, 1134 of bookings not
 * cancelled: they count against what the line lacks, so they cannot be marked out of stock too),
 * and whether some booking has no taker (1131, 1134: the order cannot be packed). The bookings
 * area writes the bookings; it reads the same figures through this file.
 */
export interface OrderBookingHold {
  /** lineId → booked units not yet at the store. */
  bookedByLine: Map<number, number>;
  /** Some booking is 1131 or 1134. */
  withoutTaker: boolean;
}

export async function orderBookingHold(db: Reader, orderId: number): Promise<OrderBookingHold> {
  const rows = await db
    .select({ lineId: stockBookings.lineId, status: stockBookingDetails.status, qty: sql<number>`${stockBookings.qtyOos}::int` })
    .from(stockBookings)
    .innerJoin(stockBookingDetails, eq(stockBookingDetails.bookingId, stockBookings.id))
    .where(and(eq(stockBookings.orderId, orderId), isNull(stockBookings.cancelledAt), inArray(stockBookingDetails.status, [...BOOKING_OPEN_STATUSES])));
  const bookedByLine = new Map<number, number>();
  for (const r of rows) if (r.lineId !== null) bookedByLine.set(r.lineId, (bookedByLine.get(r.lineId) ?? 0) + Number(r.qty));
  return { bookedByLine, withoutTaker: rows.some((r) => BOOKING_STATUS_WITHOUT_TAKER.includes(r.status)) };
}

// An order line as a booking sees it: what it lacks once picked, out of stock and booked units count.
import { type BookingLine } from '@gerai/contract';
import { orderLines } from '../../db/schema';

/** Picking's words for a line that is not the order's. */
export const LINE_NOT_IN_ORDER = 'Produk tidak ditemukan di pesanan ini.';

/** What a line lacks now: qty − picked − out of stock − booked and not arrived. */
export function lackingOf(line: { qty: number; qtyPicked: number; qtyOos: number }, booked: number): number {
  return Math.max(0, line.qty - line.qtyPicked - Math.max(0, line.qtyOos) - booked);
}

/** The line as the booking screen shows it, with what its open bookings hold. */
export function bookingLineOf(
  order: { shipmentNo: string; orderNo: string },
  line: typeof orderLines.$inferSelect,
  product: { imageUrl: string | null } | undefined,
  booked: number,
): BookingLine {
  return {
    shipmentNo: order.shipmentNo,
    orderNo: order.orderNo,
    lineId: line.id,
    productId: line.productId,
    name: line.name,
    barcode: line.barcode,
    imageUrl: product?.imageUrl ?? null,
    qty: line.qty,
    qtyPicked: line.qtyPicked,
    attrQtyOos: Math.max(0, line.qtyOos),
    qtyBooked: booked,
    lacking: lackingOf(line, booked),
  };
}

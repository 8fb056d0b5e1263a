import { lazy, Suspense } from 'react';
import { lineLacking, type OrderDetail, type OrderProduct } from '@gerai/contract';
import OrderDetailPage from '@/features/orders/pages/order-detail-page';

// The bookings area's block loads only when a picked order shows its lines, not with every order detail.
const LineBooking = lazy(() => import('@/features/bookings/components/line-booking'));

/** One row of the block (a booking, or "book what is missing"): a 44 px touch target, 6 px apart. */
const ROW_PX = 44;
const GAP_PX = 6;

/**
 * The height the line's booking block will take: one row per booking of the line, and one to book what
 * the line still lacks (ordered − picked − out of stock − booked). Kept while the block's code loads.
 */
export function reservedHeight(order: OrderDetail, line: OrderProduct): number {
  const bookings = order.bookings.filter((b) => b.lineId === line.lineId);
  const rows = bookings.length + (lineLacking(line, order.bookings) > 0 ? 1 : 0);
  return rows === 0 ? 0 : rows * ROW_PX + (rows - 1) * GAP_PX;
}

/** Under each line being picked: its stock booking (bookings area), in a place kept for it while its code loads. */
function lineBooking(order: OrderDetail, line: OrderProduct) {
  const height = reservedHeight(order, line);
  return (
    <Suspense fallback={height > 0 ? <div aria-hidden="true" style={{ height }} data-testid={`line-${line.lineId}-booking-loading`} /> : null}>
      <LineBooking order={order} line={line} />
    </Suspense>
  );
}

/**
 * /order/detail/:status/:shipmentNo/:method — a cross-area screen: the order comes from the orders
 * area, each line's stock booking while picking from the bookings area (features do not import each other).
 */
export default function OrderDetailRoute() {
  return <OrderDetailPage renderLineExtra={lineBooking} />;
}

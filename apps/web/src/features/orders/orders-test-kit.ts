import type { OrderDetail } from '@gerai/contract';

// What the order tests serve for the order's stock bookings (decision 88).

export type OrderBooking = OrderDetail['bookings'][number];

/** One booking of line 11, waiting for T002 (no taker yet: storeTaken and stockTaken null). */
export function orderBooking(over: Partial<OrderBooking> = {}): OrderBooking {
  const status = over.status ?? 1131;
  const taken = status === 1132 || status === 1133;
  return {
    bookID: 41,
    bookDetID: 41,
    bookingNo: 'BK251122000041',
    lineId: 11,
    productId: '20001',
    qtyOos: 1,
    status,
    offeredTo: { storeCode: 'T002', storeName: 'Toko Bangka Raya' },
    storeTaken: taken ? 'T002' : null,
    stockTaken: taken ? (over.qtyOos ?? 1) : null,
    ...over,
  };
}

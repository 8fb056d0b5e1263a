import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderDetail } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { orderDetail, orderLine } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import LineBooking from './line-booking';

type OrderBooking = OrderDetail['bookings'][number];
const SHP = 'SHP2511220000001';

const booking = (over: Partial<OrderBooking> = {}): OrderBooking => ({
  bookID: 41,
  bookDetID: 141,
  bookingNo: 'BK251122000041',
  lineId: 11,
  productId: '20001',
  qtyOos: 1,
  status: 1131,
  offeredTo: { storeCode: 'T002', storeName: 'Toko Bangka Raya' },
  storeTaken: null,
  stockTaken: null,
  ...over,
});

/** Line 11 ordered 6: 1 picked, 1 out of stock. */
const line = orderLine({ qty: 6, qtyPicked: 1, attrQtyOos: 1 });

function renderLine(bookings: OrderBooking[], over: Partial<OrderDetail> = {}) {
  const order = orderDetail({ statusId: 1102, products: [line], bookings, ...over });
  return renderWithRouter([{ path: '/order', element: <LineBooking order={order} line={line} /> }], { initialEntries: ['/order'] });
}

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('LineBooking (under a line being picked)', () => {
  it('lacking = qty − picked − out of stock − open bookings (cancelled ones are not in the order; received ones no longer count)', () => {
    renderLine([
      booking(),
      booking({ bookID: 42, bookingNo: 'BK251122000042', qtyOos: 1, status: 1132, storeTaken: 'T002', stockTaken: 1 }),
      booking({ bookID: 43, bookingNo: 'BK251122000043', qtyOos: 1, status: 1134, offeredTo: { storeCode: 'T003', storeName: 'Toko Tegal Parang' } }),
      booking({ bookID: 44, bookingNo: 'BK251122000044', qtyOos: 2, status: 1133, storeTaken: 'T005', stockTaken: 2 }),
      // Another line's booking.
      booking({ bookID: 45, bookingNo: 'BK251122000045', lineId: 12, qtyOos: 3 }),
    ]);
    // 6 − 1 − 1 − (1 + 1 + 1) = 1
    const book = screen.getByTestId('line-11-book');
    expect(book).toHaveTextContent('Booking stok (kurang 1)');
    expect(book).toHaveAttribute('href', `/booking-list-kelurahan?shipmentNo=${SHP}&lineId=11`);
    expect(screen.queryByTestId('line-booking-45')).not.toBeInTheDocument();
  });

  it('shows each booking with the store asked and its status, "-" for the taker exactly while it waits or was refused', () => {
    renderLine([
      booking(),
      booking({ bookID: 42, bookingNo: 'BK251122000042', status: 1132, storeTaken: 'T002', stockTaken: 1 }),
      booking({ bookID: 43, bookingNo: 'BK251122000043', status: 1133, storeTaken: 'T005', stockTaken: 1 }),
      booking({ bookID: 44, bookingNo: 'BK251122000044', status: 1134 }),
    ]);
    const waiting = screen.getByTestId('line-booking-41');
    expect(waiting).toHaveAttribute('href', '/get-product/41');
    expect(waiting).toHaveTextContent('BK251122000041');
    expect(waiting).toHaveTextContent('1 unit');
    expect(waiting).toHaveTextContent('ke Toko Bangka Raya');
    expect(waiting).toHaveTextContent('Menunggu');
    expect(screen.getByTestId('line-booking-41-taken')).toHaveTextContent(/^Diambil: -$/);
    expect(screen.getByTestId('line-booking-42-taken')).toHaveTextContent(/^Diambil: T002 · 1$/);
    expect(screen.getByTestId('line-booking-43-taken')).toHaveTextContent(/^Diambil: T005 · 1$/);
    expect(screen.getByTestId('line-booking-44-taken')).toHaveTextContent(/^Diambil: -$/);
    expect(screen.getByTestId('line-booking-44')).toHaveTextContent('Ditolak');
  });

  it('a line that lacks nothing shows no booking button, and nothing at all without bookings', () => {
    const { unmount } = renderLine([booking({ qtyOos: 4 })]);
    expect(screen.getByTestId('line-booking-41')).toBeInTheDocument();
    expect(screen.queryByTestId('line-11-book')).not.toBeInTheDocument();
    unmount();
    const full = orderDetail({ statusId: 1102, products: [orderLine({ qty: 2, qtyPicked: 2 })] });
    renderWithRouter([{ path: '/', element: <LineBooking order={full} line={full.products[0]!} /> }]);
    expect(screen.queryByTestId('line-11-booking')).not.toBeInTheDocument();
  });

  it('books only while the order is picked (1102)', () => {
    renderLine([], { statusId: 1103 });
    expect(screen.queryByTestId('line-11-book')).not.toBeInTheDocument();
  });
});

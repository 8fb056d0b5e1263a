import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { OrderDetail, OrderProduct } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal, useModalStore } from '@/shared/modal/modal-store';
import { mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import OrderDetailRoute, { reservedHeight } from './order-detail';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));
// The bookings area's block, as the route hands it each picked line: what it is given is what counts here.
vi.mock('@/features/bookings/components/line-booking', () => ({
  default: ({ order, line }: { order: OrderDetail; line: OrderProduct }) => (
    <p data-testid={`line-booking-${line.lineId}`}>{`${order.shipmentNo} · ${line.name} · ${order.bookings.length}`}</p>
  ),
}));

const SHP = 'SHP2511220000001';
const DETAIL = `/api/orders/${SHP}`;

const renderRoute = (path: string) => renderWithRouter([{ path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailRoute /> }], { initialEntries: [path] });

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
});
afterEach(() => vi.unstubAllGlobals());

describe('/order/detail route', () => {
  it("puts the bookings area's line block under every line of an order being picked", async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1102 })));
    renderRoute(`/order/detail/1102/${SHP}/pickup`);
    expect(await screen.findByTestId('line-booking-11')).toHaveTextContent(`${SHP} · Indomie Goreng 85g · 0`);
    expect(screen.getByTestId('line-booking-12')).toHaveTextContent(`${SHP} · Teh Botol Sosro 450ml · 0`);
    expect(screen.getByTestId('line-11-extra')).toContainElement(screen.getByTestId('line-booking-11'));
  });

  it("opens the order's chat when asked by the URL (a tapped chat notification), once: the URL forgets it", async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1103, actions: ['handover'] })));
    const { router } = renderRoute(`/order/detail/1103/${SHP}/pickup?chat=1`);
    await waitFor(() => expect(useModalStore.getState()).toMatchObject({ isShow: true, type: 'chat', payload: { shipmentNo: SHP } }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/order/detail/1103/${SHP}/pickup`);
  });

  it('shows no booking block once the order is no longer picked', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1103, actions: ['handover'] })));
    renderRoute(`/order/detail/1103/${SHP}/pickup`);
    await screen.findByTestId('line-11');
    expect(screen.queryByTestId('line-booking-11')).not.toBeInTheDocument();
    expect(screen.queryByTestId('line-11-booking-loading')).not.toBeInTheDocument();
  });

  it("keeps the booking block's height while its code loads: a row per booking and one to book what is missing", () => {
    const booking = (over: Partial<OrderDetail['bookings'][number]>) => ({
      bookID: 1, bookDetID: 1, bookingNo: 'BK1', lineId: 11, productId: '20001', qtyOos: 1, status: 1131,
      offeredTo: { storeCode: 'T002', storeName: 'Toko Bangka Raya' }, storeTaken: null, stockTaken: null, ...over,
    });
    const line = orderLine({ qty: 4, qtyPicked: 1 });
    // Nothing booked, 3 missing: the book button.
    expect(reservedHeight(orderDetail({ statusId: 1102 }), line)).toBe(44);
    // 1 booked, 2 still missing: the booking and the button.
    expect(reservedHeight(orderDetail({ statusId: 1102, bookings: [booking({})] }), line)).toBe(94);
    // Two units on their way and one arrived (still listed): two rows, nothing left to book.
    expect(reservedHeight(orderDetail({ statusId: 1102, bookings: [booking({ qtyOos: 2 }), booking({ bookID: 2, status: 1133, qtyOos: 1 })] }), orderLine({ qty: 4, qtyPicked: 2 }))).toBe(94);
    // Resolved, nothing booked: no block, no space.
    expect(reservedHeight(orderDetail({ statusId: 1102 }), orderLine({ qty: 2, qtyPicked: 2 }))).toBe(0);
  });
});

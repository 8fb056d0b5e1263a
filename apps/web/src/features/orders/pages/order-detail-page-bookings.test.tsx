import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { type OrderDetail, type OrderProduct } from '@gerai/contract';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { OrderLiveUpdates } from '../components/order-live-updates';
import { orderBooking } from '../orders-test-kit';
import OrderDetailPage from './order-detail-page';
import { SHP, DETAIL, renderDetail, after, setUpOrderDetailTests } from './order-detail-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpOrderDetailTests();

describe('order detail with stock bookings (decision 88)', () => {
  /** Every line picked but one unit of line 11, which is booked from T002. */
  const booked = (over: Partial<OrderDetail> = {}) =>
    orderDetail({
      statusId: 1102,
      products: [orderLine({ qtyPicked: 1 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', name: 'Teh Botol Sosro 450ml', qty: 1, qtyPicked: 1 })],
      bookings: [orderBooking()],
      bookingBlocked: true,
      ...over,
    });
  const extra = (order: OrderDetail, line: OrderProduct) => <span>{`booking ${order.shipmentNo} ${line.lineId}`}</span>;

  it("renders the app's block under each line while picking (1102), and under no line otherwise", async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1102 })));
    const view = renderDetail(`/order/detail/1102/${SHP}/pickup`, { renderLineExtra: extra });
    expect(await screen.findByTestId('line-11-extra')).toHaveTextContent(`booking ${SHP} 11`);
    expect(screen.getByTestId('line-12-extra')).toHaveTextContent(`booking ${SHP} 12`);
    view.unmount();

    for (const statusId of [1101, 1103]) {
      mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId, actions: [] })));
      const other = renderDetail(`/order/detail/${statusId}/${SHP}/pickup`, { renderLineExtra: extra });
      await screen.findByTestId('line-11');
      expect(screen.queryByTestId('line-11-extra')).not.toBeInTheDocument();
      expect(screen.queryByText(/^booking /)).not.toBeInTheDocument();
      other.unmount();
    }
  });

  it('keeps Scan Packing in view but refuses it up front while a booking has no taker, and says why', async () => {
    // Complete on the books (picked by hand), yet a booking still waits: packing must wait too.
    const order = booked({
      products: [orderLine({ qtyPicked: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', qty: 1, qtyPicked: 1 })],
      bookings: [orderBooking(), orderBooking({ bookID: 42, status: 1134 })],
    });
    mockFetch().on('GET', DETAIL, ok(order));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const button = await screen.findByRole('button', { name: 'Scan Packing' });
    expect(button).toBeDisabled();
    const notice = screen.getByTestId('booking-blocked');
    expect(notice).toHaveTextContent('Menunggu booking stok dari toko lain…');
    expect(notice).toHaveTextContent('1 booking belum diambil toko tujuan.');
    expect(notice).toHaveTextContent('1 booking ditolak: tawarkan ke toko lain.');
    expect(button).toHaveAttribute('aria-describedby', notice.id);
    // The "scan everything first" hint gives way to the reason that counts.
    expect(screen.queryByText('Scan semua produk atau tandai stok kosong dulu.')).not.toBeInTheDocument();
  });

  it("says the server's 409 BOOKING_PENDING in the same words, and reads the order again", async () => {
    const ready = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', qty: 1, qtyPicked: 1 })] });
    let refused = false;
    const server = mockFetch()
      .on('GET', DETAIL, () => ok(refused ? after({ ...ready, bookings: [orderBooking({ status: 1134 })], bookingBlocked: true }) : ready))
      .on('POST', `${DETAIL}/pack`, () => {
        refused = true;
        return fail(409, 'BOOKING_PENDING', 'Pesanan masih menunggu booking stok dari toko lain. Tunggu sampai booking diambil dan diterima, atau batalkan bookingnya.');
      });
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Scan Packing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan Packing' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Packing' }));
    expect(await within(dialog).findByTestId('scan-packing-blocked')).toHaveTextContent('Menunggu booking stok dari toko lain…');
    expect(screen.queryByRole('dialog', { name: 'Hmm, ada yang tidak beres…' })).not.toBeInTheDocument();
    // The order is read again: it is blocked, so packing cannot be sent a second time.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Ya, Packing' })).toBeDisabled());
    expect(server.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2);
    expect(server.callsTo(`${DETAIL}/pack`)).toHaveLength(1);
  });

  describe('live', () => {
    beforeEach(() => installFakeEventSource());

    it("refreshes the order when the other store takes its booking, and says so (another phone's change)", async () => {
      let taken = false;
      const server = mockFetch().on('GET', DETAIL, () =>
        ok(taken ? after(booked({ bookings: [orderBooking({ status: 1132 })], bookingBlocked: false })) : booked()),
      );
      renderWithRouter(
        [
          {
            element: (
              <>
                <OrderLiveUpdates storeCode="T001" />
                <ToastHost />
                <Outlet />
              </>
            ),
            children: [{ path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailPage /> }],
          },
        ],
        { initialEntries: [`/order/detail/1102/${SHP}/pickup`] },
      );
      expect(await screen.findByTestId('booking-blocked')).toBeInTheDocument();
      taken = true;
      const event = { bookID: 41, bookDetID: 41, bookingNo: 'BK251122000041', shipmentNo: SHP, productId: '20001', qtyOos: 1, orderingStore: 'T001', servingStore: 'T002', actorName: 'Siti Rahmawati' };
      emitEvent('booking.taken', { ...event, action: 'taken', status: 1132, storeTaken: 'T002', stockTaken: 1 });
      await waitFor(() => expect(screen.queryByTestId('booking-blocked')).not.toBeInTheDocument());
      expect(server.callsTo(DETAIL)).toHaveLength(2);
      expect(screen.getByTestId('toasts')).toHaveTextContent('Toko Bangka Raya mengambil booking BK251122000041 (1 barang).');
      // Still the picking screen: a booking answer is not a change of the order's status.
      expect(screen.queryByTestId('changed-elsewhere')).not.toBeInTheDocument();
      expect(screen.getByTestId('picking-panel')).toBeInTheDocument();

      // Another order's booking, or the copy meant for the serving store, says nothing here.
      act(() => useToastStore.setState({ toasts: [] }));
      emitEvent('booking.refused', { ...event, shipmentNo: 'SHP2511220000002', action: 'refused', status: 1134, storeTaken: null, stockTaken: null, reason: null });
      emitEvent('booking.refused', { ...event, storeCode: 'T002', action: 'refused', status: 1134, storeTaken: null, stockTaken: null, reason: null });
      expect(screen.getByTestId('toasts')).toBeEmptyDOMElement();
      emitEvent('booking.refused', { ...event, action: 'refused', status: 1134, storeTaken: null, stockTaken: null, reason: 'Stok untuk display' });
      expect(screen.getByTestId('toasts')).toHaveTextContent('Toko Bangka Raya menolak booking BK251122000041: Stok untuk display');
    });

    it("shows the customer's unread chat messages on the Chat button, moved by the chat's live events", async () => {
      let unread = 2;
      const server = mockFetch().on('GET', DETAIL, () => ok(orderDetail({ chatUnread: unread })));
      renderDetail(`/order/detail/1101/${SHP}/pickup`);
      const badge = await screen.findByTestId('chat-unread');
      expect(badge).toHaveTextContent('2');
      expect(badge).toHaveAccessibleName('2 pesan belum dibaca');
      expect(within(screen.getByTestId('open-chat')).getByTestId('chat-unread')).toBe(badge);

      // The customer writes: one more at once, and the server's count is asked for.
      unread = 3;
      const message = { id: 90, clientId: '379:c-90', sender: 'customer' as const, body: 'Halo', photo: null, state: 'delivered' as const, authorName: null, createdAt: '2025-11-22T08:00:00.000Z' };
      emitEvent('chat.message.created', { shipmentNo: SHP, roomId: 7, message });
      await waitFor(() => expect(screen.getByTestId('chat-unread')).toHaveTextContent('3'));
      await waitFor(() => expect(server.callsTo(DETAIL)).toHaveLength(2));
      // My own message and another order's change nothing.
      emitEvent('chat.message.created', { shipmentNo: SHP, roomId: 7, message: { ...message, id: 91, sender: 'store' } });
      emitEvent('chat.message.created', { shipmentNo: 'SHP2511220000002', roomId: 8, message: { ...message, id: 92 } });
      expect(server.callsTo(DETAIL)).toHaveLength(2);

      // The crew read them (in the chat, on this phone or another): the badge goes.
      unread = 0;
      emitEvent('chat.message.state', { shipmentNo: SHP, roomId: 7, sender: 'customer', messageIds: [88, 89, 90], state: 'read' });
      await waitFor(() => expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument());
    });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, type BookingAction } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { BARCODE, BOOK_ID, bookingDetail, takenBooking } from '../bookings-test-kit';
import { DETAIL, action, renderDetail, scan, ACTION_TEST_IDS, setUpGetProductTests } from './get-product-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpGetProductTests();

describe('booking detail (/get-product/:id)', () => {
  it('shows the product, both stores, "-" for the taker while it waits, times and history', async () => {
    mockFetch().on('GET', DETAIL, ok(bookingDetail()));
    renderDetail();
    const header = await screen.findByTestId('booking-header');
    expect(header).toHaveTextContent('BK251122000041');
    expect(within(header).getByTestId('booking-product')).toHaveTextContent('Indomie Goreng 85g');
    expect(within(header).getByTestId('booking-barcode')).toHaveTextContent(BARCODE);
    expect(within(header).getByTestId('booking-qty')).toHaveTextContent('2 unit');
    expect(within(header).getByTestId('booking-status-chip')).toHaveTextContent('Menunggu');
    expect(screen.getByTestId('booking-store-taken')).toHaveTextContent(/^-$/);
    expect(screen.getByTestId('booking-stock-taken')).toHaveTextContent(/^-$/);
    const ordering = screen.getByTestId('booking-ordering-store');
    expect(ordering).toHaveTextContent('Toko Kemang Raya');
    expect(ordering).toHaveTextContent('Jl. Kemang Raya No. 10');
    expect(ordering).toHaveTextContent('Bangka, Mampang Prapatan');
    expect(screen.getByTestId('booking-serving-store-phone')).toHaveAttribute('href', 'tel:0217190002');
    expect(screen.getByTestId('booking-distance')).toHaveTextContent('320 m');
    expect(screen.getByTestId('booking-history-entry')).toHaveTextContent('Booking dibuat');
    expect(screen.getByTestId('booking-note')).toHaveTextContent('Menunggu Toko Bangka Raya mengambil atau menolak booking ini.');
    for (const testId of Object.values(ACTION_TEST_IDS)) expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
  });

  it('offers exactly the actions the server lists', async () => {
    const cases: Array<[BookingAction[], Partial<Parameters<typeof bookingDetail>[0]>]> = [
      [['take', 'refuse'], { direction: 'in' }],
      [['reoffer', 'cancel'], { status: 1134, refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }] }],
      [['cancel'], {}],
      [['receive', 'cancel'], { status: 1132, storeTaken: 'T002', stockTaken: 2 }],
      [[], { direction: 'in', status: 1132, storeTaken: 'T002', stockTaken: 2 }],
    ];
    for (const [actions, over] of cases) {
      mockFetch().on('GET', DETAIL, ok(bookingDetail({ ...over, actions })));
      renderDetail();
      await screen.findByTestId('booking-header');
      for (const [name, testId] of Object.entries(ACTION_TEST_IDS)) {
        if (actions.includes(name as BookingAction)) expect(screen.getByTestId(testId)).toBeInTheDocument();
        else expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
      }
      cleanup();
    }
  });

  it('take: the confirmation says the stock is reserved; the reply shows who took it, with no "changed" notice', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ direction: 'in', actions: ['take', 'refuse'] })))
      .on('POST', action('take'), ok(takenBooking({ direction: 'in' })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Ambil booking' }));
    const modal = screen.getByRole('dialog', { name: 'Ambil booking?' });
    expect(modal).toHaveTextContent('Stok 2 unit Indomie Goreng 85g di toko Anda dicadangkan untuk Toko Kemang Raya');
    await user.click(within(modal).getByRole('button', { name: 'Ya, ambil' }));
    await waitFor(() => expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Diambil'));
    expect(server.callsTo(action('take'), 'POST')[0]!.body).toEqual({});
    expect(screen.getByTestId('booking-store-taken')).toHaveTextContent('T002');
    expect(screen.getByTestId('booking-stock-taken')).toHaveTextContent('2');
    expect(screen.getByTestId('toasts')).toHaveTextContent('Booking BK251122000041 diambil: 2 unit dicadangkan.');
    expect(screen.queryByTestId('booking-changed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('booking-take')).not.toBeInTheDocument();
  });

  it('take without a connection: kept on the phone, said on the booking, the buttons held', async () => {
    mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ direction: 'in', actions: ['take', 'refuse'] })))
      .on('POST', action('take'), (_call, n) => (n === 1 ? 'network-error' : ok(takenBooking({ direction: 'in' }))));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('booking-take'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, ambil' }));
    expect(await screen.findByTestId('booking-kept')).toHaveTextContent('Ambil booking: Menunggu kirim');
    expect(screen.getByTestId('toasts')).toHaveTextContent('Tersimpan di ponsel.');
    expect(screen.getByTestId('booking-take')).toBeDisabled();
    expect(screen.getByTestId('booking-refuse')).toBeDisabled();
    // The connection comes back: the outbox sends it once more, and the booking shows the reply as this phone's own.
    await waitFor(() => expect(screen.queryByTestId('booking-kept')).not.toBeInTheDocument(), { timeout: 5000 });
    expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Diambil');
    expect(screen.queryByTestId('booking-changed')).not.toBeInTheDocument();
  });

  it('take after another store or phone was first (409): the warning in the contract\'s words, and the booking read again', async () => {
    let current = bookingDetail({ direction: 'in', actions: ['take', 'refuse'] });
    const server = mockFetch()
      .on('GET', DETAIL, () => ok(current))
      .on('POST', action('take'), () => {
        current = takenBooking({ direction: 'in' });
        return fail(409, 'BOOKING_STATUS_CHANGED', 'x');
      });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('booking-take'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, ambil' }));
    const modal = await screen.findByRole('dialog', { name: 'Status booking berubah' });
    expect(modal).toHaveTextContent(ERROR_MESSAGES.BOOKING_STATUS_CHANGED);
    await waitFor(() => expect(server.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2));
  });

  it('refuse: a reason may be given, and is sent', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ direction: 'in', actions: ['take', 'refuse'] })))
      .on('POST', action('refuse'), ok(bookingDetail({ direction: 'in', status: 1134, refuseReason: 'Stok rusak', refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }] })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Tolak' }));
    const dialog = screen.getByRole('dialog', { name: 'Tolak booking' });
    expect(dialog).toHaveTextContent('Toko Kemang Raya akan menawarkan booking ini ke toko lain.');
    await user.type(within(dialog).getByLabelText('Alasan (opsional)'), '  Stok rusak ');
    await user.click(within(dialog).getByTestId('refuse-confirm'));
    await waitFor(() => expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Ditolak'));
    expect(server.callsTo(action('refuse'), 'POST')[0]!.body).toEqual({ reason: 'Stok rusak' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('booking-refuse-reason')).toHaveTextContent('Stok rusak');
    expect(screen.getByTestId('booking-note')).toHaveTextContent('Toko Anda menolak booking ini.');
  });

  it('refuse refused for another reason: said in the dialog above its button, the reason typed kept for another try', async () => {
    let down = true;
    const server = mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ direction: 'in', actions: ['take', 'refuse'] })))
      .on('POST', action('refuse'), () => (down ? fail(403, 'FORBIDDEN', ERROR_MESSAGES.FORBIDDEN) : ok(bookingDetail({ direction: 'in', status: 1134, refuseReason: 'Stok rusak' }))));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('booking-refuse'));
    const dialog = screen.getByRole('dialog', { name: 'Tolak booking' });
    await user.type(within(dialog).getByLabelText('Alasan (opsional)'), 'Stok rusak');
    await user.click(within(dialog).getByTestId('refuse-confirm'));
    expect(await within(dialog).findByTestId('refuse-error')).toHaveTextContent(ERROR_MESSAGES.FORBIDDEN);
    expect(within(dialog).getByLabelText('Alasan (opsional)')).toHaveValue('Stok rusak');
    expect(screen.queryByRole('dialog', { name: /Hmm/ })).not.toBeInTheDocument();
    down = false;
    await user.click(within(dialog).getByTestId('refuse-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tolak booking' })).not.toBeInTheDocument());
    expect(server.callsTo(action('refuse'), 'POST').map((c) => c.body)).toEqual([{ reason: 'Stok rusak' }, { reason: 'Stok rusak' }]);
  });

  it('refuse without a reason sends an empty body', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ direction: 'in', actions: ['take', 'refuse'] })))
      .on('POST', action('refuse'), ok(bookingDetail({ direction: 'in', status: 1134 })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('booking-refuse'));
    await user.click(screen.getByTestId('refuse-confirm'));
    await waitFor(() => expect(server.callsTo(action('refuse'), 'POST')).toHaveLength(1));
    expect(server.callsTo(action('refuse'), 'POST')[0]!.body).toEqual({});
  });

  it('a refused booking of mine: re-offer leads to the store choice; cancel is confirmed and sent', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(bookingDetail({ status: 1134, actions: ['reoffer', 'cancel'] })))
      .on('POST', action('cancel'), ok(bookingDetail({ status: 1134, cancelled: true, cancelledAt: '2025-11-22T03:00:00.000Z' })));
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Tawarkan ulang' })).toHaveAttribute('href', `/booking-list-kelurahan?bookID=${BOOK_ID}`);
    await user.click(screen.getByRole('button', { name: 'Batalkan booking' }));
    const modal = screen.getByRole('dialog', { name: 'Batalkan booking?' });
    await user.click(within(modal).getByRole('button', { name: 'Ya, batalkan' }));
    await waitFor(() => expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Dibatalkan'));
    expect(server.callsTo(action('cancel'), 'POST')[0]!.body).toEqual({});
    expect(screen.queryByRole('link', { name: 'Tawarkan ulang' })).not.toBeInTheDocument();
  });

  it('receive: only the product\'s barcode counts, "Terima barang" once the count is stockTaken, then the barcode and count are sent', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(takenBooking({ actions: ['receive', 'cancel'] })))
      .on('POST', action('receive'), ok(takenBooking({ status: 1133, receivedAt: '2025-11-22T03:10:00.000Z' })));
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('receive-panel');
    const submit = screen.getByTestId('receive-submit');
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('0 / 2');
    expect(submit).toBeDisabled();

    await scan(user, '8997654321098');
    expect(screen.getByTestId('receive-feedback')).toHaveTextContent('Barcode 8997654321098 bukan Indomie Goreng 85g. Tidak dihitung.');
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('0 / 2');

    await scan(user, BARCODE);
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('1 / 2');
    expect(submit).toBeDisabled();
    // The productID is the product's too.
    await scan(user, '20001');
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('2 / 2');
    expect(screen.getByTestId('receive-feedback')).toHaveTextContent('Jumlah sudah sesuai.');
    // Enough: the scanner stops.
    expect(screen.getByLabelText('Ketik barcode')).toBeDisabled();
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() => expect(server.callsTo(action('receive'), 'POST')).toHaveLength(1));
    expect(server.callsTo(action('receive'), 'POST')[0]!.body).toEqual({ barcode: BARCODE, qty: 2 });
    await waitFor(() => expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Selesai'));
    expect(screen.getByTestId('toasts')).toHaveTextContent('2 unit Indomie Goreng 85g diterima. Lanjutkan picking.');
    expect(screen.queryByTestId('receive-panel')).not.toBeInTheDocument();
  });

  it('receive refused for the barcode: said in place, counted again from zero', async () => {
    mockFetch()
      .on('GET', DETAIL, ok(takenBooking({ stockTaken: 1, actions: ['receive', 'cancel'] })))
      .on('POST', action('receive'), fail(422, 'BOOKING_BARCODE_MISMATCH', 'x'));
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('receive-panel');
    await scan(user, BARCODE);
    await user.click(screen.getByTestId('receive-submit'));
    await waitFor(() => expect(screen.getByTestId('receive-feedback')).toHaveTextContent(ERROR_MESSAGES.BOOKING_BARCODE_MISMATCH));
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('0 / 1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

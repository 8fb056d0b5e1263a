import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, type BookingAction } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { emitAndApply } from '@/test/live';
import { BARCODE, BOOK_ID, bookingDetail, bookingEvent, renderPage, takenBooking } from '../bookings-test-kit';
import GetProductPage from './get-product-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/bookings/${BOOK_ID}`;
const action = (name: string) => `${DETAIL}/${name}`;

const renderDetail = () =>
  renderPage(
    [
      { path: '/get-product/:id', element: <GetProductPage /> },
      { path: '/booking-list-kelurahan', element: <p>pilih toko</p> },
      { path: '/booking-list-product', element: <p>daftar booking</p> },
    ],
    `/get-product/${BOOK_ID}`,
  );

/** Types a code into the scanner's field and sends it, as a crew member without a scanner would. */
async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText('Ketik barcode'), `${code}{Enter}`);
}

/** What each action shows on the page. */
const ACTION_TEST_IDS: Record<BookingAction, string> = {
  take: 'booking-take',
  refuse: 'booking-refuse',
  reoffer: 'booking-reoffer',
  receive: 'receive-panel',
  cancel: 'booking-cancel',
};

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

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

  it('the other store takes the booking while it is open: updated in place, said in one line, the receive panel appears; nothing leads away', async () => {
    let current = bookingDetail({ actions: ['cancel'] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    const user = userEvent.setup();
    renderDetail();
    await screen.findByTestId('booking-cancel');
    current = takenBooking({ actions: ['receive', 'cancel'] });
    emitEvent('booking.taken', { ...bookingEvent(), action: 'taken' });
    expect(await screen.findByTestId('booking-change-text')).toHaveTextContent('Diambil oleh T002 · 2 unit');
    expect(await screen.findByTestId('receive-panel')).toBeInTheDocument();
    expect(screen.getByTestId('booking-store-taken')).toHaveTextContent('T002');
    expect(screen.getByTestId('booking-stock-taken')).toHaveTextContent('2');
    expect(screen.queryByText('Booking berubah')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kembali ke daftar' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/get-product/${BOOK_ID}`);
    // The crew go on with the task: counting the goods works at once; the line goes when dismissed.
    await scan(user, BARCODE);
    expect(screen.getByTestId('receive-counter')).toHaveTextContent('1 / 2');
    await user.click(screen.getByRole('button', { name: 'Tutup pemberitahuan perubahan' }));
    expect(screen.queryByTestId('booking-change')).not.toBeInTheDocument();
  });

  it('the event alone updates the open booking, before (or without) the read that follows it', async () => {
    let reads = 0;
    mockFetch().on('GET', DETAIL, () => (++reads === 1 ? ok(bookingDetail({ actions: ['cancel'] })) : fail(503, 'HTTP_503', 'x')));
    renderDetail();
    await screen.findByTestId('booking-cancel');
    emitEvent('booking.taken', { ...bookingEvent({ storeTaken: 'T003', stockTaken: 2 }), servingStore: 'T003', action: 'taken' } as never);
    expect(await screen.findByTestId('receive-panel')).toBeInTheDocument();
    expect(screen.getByTestId('booking-store-taken')).toHaveTextContent('T003');
    expect(screen.getByTestId('booking-status-chip')).toHaveTextContent('Diambil');
  });

  it('refused by the serving store, then re-offered from another phone of mine: said as "Ditolak T002, ditawarkan ke T005"', async () => {
    let current = bookingDetail({ actions: ['cancel'] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    renderDetail();
    await screen.findByTestId('booking-cancel');
    current = bookingDetail({
      actions: ['cancel'],
      offeredTo: { storeCode: 'T005', storeName: 'Toko Mampang' },
      refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }],
      history: [
        { action: 'requested', at: '2025-11-22T02:20:00.000Z', actorName: 'Budi Santoso', note: null },
        { action: 'refuse', at: '2025-11-22T02:25:00.000Z', actorName: 'Sari Dewi', note: null },
        { action: 'reoffer', at: '2025-11-22T02:26:00.000Z', actorName: 'Budi Santoso', note: 'T005 Toko Mampang' },
      ],
    });
    emitEvent('booking.refused', { ...bookingEvent({ status: 1134, storeTaken: null, stockTaken: null }), action: 'refused', reason: null });
    emitEvent('booking.reoffered', { ...bookingEvent({ status: 1131, storeTaken: null, stockTaken: null }), servingStore: 'T005', action: 'reoffered' } as never);
    await waitFor(() => expect(screen.getByTestId('booking-change-text')).toHaveTextContent('Ditolak T002, ditawarkan ke T005'));
    await waitFor(() => expect(screen.getByTestId('booking-note')).toHaveTextContent('Menunggu Toko Mampang'));
    expect(screen.getByTestId('booking-cancel')).toBeInTheDocument();
  });

  it('a booking my store refused, now offered elsewhere (refusedByMe): its own refusal, nothing to do, no error', async () => {
    mockFetch().on(
      'GET',
      DETAIL,
      ok(bookingDetail({ direction: 'in', status: 1134, refusedByMe: true, refusedBy: [{ storeCode: 'T002', storeName: 'Toko Bangka Raya' }], refuseReason: 'Stok untuk promo' })),
    );
    renderDetail();
    expect(await screen.findByTestId('booking-note')).toHaveTextContent('Toko Anda menolak booking ini.');
    expect(screen.getByTestId('booking-refuse-reason')).toHaveTextContent('Stok untuk promo');
    expect(screen.queryByText('Booking tidak ditemukan')).not.toBeInTheDocument();
    for (const testId of Object.values(ACTION_TEST_IDS)) expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
  });

  it('the saved copy of a booking no screen shows follows its events: it opens as taken, with the receive panel, at once', async () => {
    let current = bookingDetail({ actions: ['cancel'] });
    let release: () => void = () => {};
    const server = mockFetch().on('GET', DETAIL, () => ok(current));
    const { queryClient, router } = renderPage(
      [
        { path: '/get-product/:id', element: <GetProductPage /> },
        {
          path: '/order',
          element: <p>pesanan</p>,
        },
      ],
      '/order',
    );
    await screen.findByText('pesanan');
    // What an earlier visit (or the phone's storage) kept, not shown on any screen now.
    queryClient.setQueryData(['bookings', 'detail', BOOK_ID], current);
    current = takenBooking({ actions: ['receive', 'cancel'] });
    // The read after the event is slow: the copy is right from the event itself.
    server.on('GET', DETAIL, () => new Promise((resolve) => (release = () => resolve(ok(current)))));
    emitEvent('booking.taken', { ...bookingEvent(), action: 'taken' });
    await waitFor(() => expect(queryClient.getQueryData<{ status: number }>(['bookings', 'detail', BOOK_ID])?.status).toBe(1132));
    await act(() => router.navigate(`/get-product/${BOOK_ID}`));
    expect(await screen.findByTestId('receive-panel')).toBeInTheDocument();
    expect(screen.getByTestId('booking-store-taken')).toHaveTextContent('T002');
    expect(screen.queryByText('Menunggu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('booking-change')).not.toBeInTheDocument();
    release();
  });

  it('an event for another booking leaves this one alone', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(bookingDetail({ actions: ['cancel'] })));
    renderDetail();
    await screen.findByTestId('booking-cancel');
    await emitAndApply(() => emitEvent('booking.taken', { ...bookingEvent({ bookID: 99 }), action: 'taken' }));
    expect(server.callsTo(DETAIL)).toHaveLength(1);
  });

  it('a booking that is not there (404) says so, with the way to the list', async () => {
    mockFetch().on('GET', DETAIL, fail(404, 'BOOKING_NOT_FOUND', ERROR_MESSAGES.BOOKING_NOT_FOUND));
    renderDetail();
    expect(await screen.findByText('Booking tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke daftar booking' })).toHaveAttribute('href', '/booking-list-product');
  });
});

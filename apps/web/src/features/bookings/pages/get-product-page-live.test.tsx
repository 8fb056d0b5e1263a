import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@gerai/contract';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { emitAndApply } from '@/test/live';
import { BARCODE, BOOK_ID, bookingDetail, bookingEvent, renderPage, takenBooking } from '../bookings-test-kit';
import GetProductPage from './get-product-page';
import { DETAIL, renderDetail, scan, ACTION_TEST_IDS, setUpGetProductTests } from './get-product-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpGetProductTests();

describe('booking detail (/get-product/:id)', () => {
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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { DEFAULT_ERROR_MODAL, ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode, type OrderDetail, type OrderProduct } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import type { RefusalTable } from '@/shared/api/refusal';
import { signal } from '@/shared/feedback/feedback';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { resetScan, useScanStore } from '@/shared/stores/scan-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { EditQuantityModal, OutOfStockModal } from '../components/line-modals';
import { ContactCustomerModal, ScanPackingModal } from '../components/order-modals';
import { OrderLiveUpdates } from '../components/order-live-updates';
import { QrCodeModal } from '../components/qr-code-modal';
import { orderBooking } from '../orders-test-kit';
import { ORDER_REFUSALS, PICKING_REFUSALS, type OrderRefusal } from '../refusals';
import OrderDetailPage, { type OrderDetailPageProps } from './order-detail-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SHP = 'SHP2511220000001';
const DETAIL = `/api/orders/${SHP}`;

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderDetail(path: string, props: OrderDetailPageProps = {}) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ToastHost />
            <ModalHost
              onLogout={vi.fn()}
              renderers={{
                'edit-quantity': EditQuantityModal,
                'out-of-stock': OutOfStockModal,
                'scan-packing': ScanPackingModal,
                'qr-code': QrCodeModal,
                'contact-customer': ContactCustomerModal,
              }}
            />
          </>
        ),
        children: [
          { path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailPage {...props} /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: ['/list-packing', path] },
  );
}

/** The server's answer after a change: a newer updatedAt. */
const after = (order: OrderDetail): OrderDetail => ({ ...order, updatedAt: new Date(Date.parse(order.updatedAt) + 60_000).toISOString() });

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  act(() => useToastStore.setState({ toasts: [] }));
  resetScan();
  vi.mocked(signal).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('order detail', () => {
  it('shows the order: channel, delivery, payment, products, total, customer and history', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ note: 'Tolong cek tanggal kedaluwarsa' })));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    expect(await screen.findByTestId('order-shipment-no')).toHaveTextContent(SHP);
    const header = screen.getByTestId('order-header');
    expect(header).toHaveTextContent('Baru');
    expect(header).toHaveTextContent('Alfagift');
    expect(header).toHaveTextContent('Ambil di toko');
    // The payment method by name (the contract's table), not its id.
    expect(header).toHaveTextContent('Tunai (bayar di tempat)');
    const products = screen.getByTestId('order-products');
    expect(products).toHaveTextContent('Indomie Goreng 85g');
    expect(products).toHaveTextContent('2 × Rp 3.500');
    expect(screen.getByTestId('order-total-value')).toHaveTextContent('Rp 12.000');
    expect(screen.getByTestId('order-customer')).toHaveTextContent('Tolong cek tanggal kedaluwarsa');
    expect(screen.getByTestId('order-history')).toHaveTextContent('Pesanan masuk oleh sistem');
    expect(screen.getByTestId('action-button')).toHaveTextContent('Packing');
  });

  it('answers a missing shipment quietly: no modal, a "tidak ditemukan" state', async () => {
    mockFetch().on('GET', DETAIL, fail(404, 'NOT_FOUND', 'Data tidak ditemukan.'));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    expect(await screen.findByText('Pesanan tidak ditemukan')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar' })).toHaveAttribute('href', '/order');
  });

  it('opens the reload modal for other failures, and reload fetches again', async () => {
    let fails = true;
    const server = mockFetch().on('GET', DETAIL, () => (fails ? fail(403, 'FORBIDDEN', 'Anda tidak memiliki akses untuk tindakan ini.') : ok(orderDetail())));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    const dialog = await screen.findByRole('dialog', { name: 'Hmm, ada yang tidak beres…' });
    expect(dialog).toHaveTextContent('Error: Anda tidak memiliki akses untuk tindakan ini.');
    fails = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('order-shipment-no')).toBeInTheDocument();
    expect(server.callsTo(DETAIL)).toHaveLength(2);
  });

  it('Packing claims the order with an Idempotency-Key and moves to picking', async () => {
    const claimed = after(orderDetail({ statusId: 1102 }));
    const server = mockFetch().on('GET', DETAIL, ok(orderDetail())).on('POST', `${DETAIL}/claim`, ok(claimed));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Packing' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1102/${SHP}/pickup`));
    expect(server.callsTo(`${DETAIL}/claim`)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('scanner-panel')).toBeInTheDocument();
    expect(screen.getByTestId('order-progress')).toHaveTextContent('0 dari 3 barang');
    expect(signal).toHaveBeenCalledWith('success');
  });

  it('tells the loser of a claim race who has the order, and shows the order as it is now', async () => {
    let claimedElsewhere = false;
    mockFetch()
      .on('GET', DETAIL, () => ok(claimedElsewhere ? after(orderDetail({ statusId: 1102, pickerName: 'Agus Setiawan' })) : orderDetail()))
      .on('POST', `${DETAIL}/claim`, () => {
        claimedElsewhere = true;
        return fail(409, 'ORDER_ALREADY_CLAIMED', 'Pesanan ini sudah diambil oleh Agus Setiawan.');
      });
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Packing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesanan sudah diambil' });
    expect(dialog).toHaveTextContent('Pesanan ini sudah diambil oleh Agus Setiawan.');
    expect(signal).toHaveBeenCalledWith('error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Not silently turned into a picking screen: who took it, the way back, and a deliberate way on.
    const notice = await screen.findByTestId('changed-elsewhere');
    expect(notice).toHaveTextContent('Pesanan diambil Agus Setiawan');
    expect(screen.queryByTestId('picking-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1101/${SHP}/pickup`);
    expect(within(notice).getByRole('link', { name: 'Kembali ke daftar' })).toHaveAttribute('href', '/order');
    await userEvent.click(within(notice).getByRole('button', { name: 'Ikut bantu picking' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1102/${SHP}/pickup`));
    expect(screen.getByTestId('picking-panel')).toBeInTheDocument();
    expect(screen.getByTestId('order-header')).toHaveTextContent('Agus Setiawan');
  });

  it('says so when another phone claims the open order, instead of taking scans for it', async () => {
    let claimedElsewhere = false;
    mockFetch().on('GET', DETAIL, () => ok(claimedElsewhere ? after(orderDetail({ statusId: 1102, pickerName: 'Siti Rahmawati' })) : orderDetail()));
    const { queryClient } = renderDetail(`/order/detail/1101/${SHP}/pickup`);
    expect(await screen.findByRole('button', { name: 'Packing' })).toBeInTheDocument();
    claimedElsewhere = true;
    await queryClient.refetchQueries();
    expect(await screen.findByTestId('changed-elsewhere')).toHaveTextContent('sudah diambil untuk picking oleh Siti Rahmawati di HP lain');
    expect(screen.queryByLabelText('Ketik barcode')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1101/${SHP}/pickup`);
  });

  it('counts a scan the server accepts (success sound) and explains one it refuses (error sound)', async () => {
    const picking = orderDetail({ statusId: 1102 });
    const scanned = after(orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 1 }), picking.products[1]!] }));
    const server = mockFetch()
      .on('GET', DETAIL, ok(picking))
      .on('POST', `${DETAIL}/scan`, (call) =>
        (call.body as { barcode: string }).barcode === '8991234567895'
          ? ok({ shipmentNo: SHP, statusId: 1102, scannedLine: scanned.products[0], progress: scanned.progress, updatedAt: scanned.updatedAt })
          : fail(422, 'SCAN_NOT_IN_ORDER', 'Produk ini tidak ada di pesanan.'),
      );
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const field = await screen.findByLabelText('Ketik barcode');
    // Every progress bar of the picking screen says what progresses: the order's, then each line's.
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual(['Progres picking', ...picking.products.map((l) => `Progres ${l.name}`)]);
    await userEvent.type(field, '8991234567895{Enter}');
    expect(await screen.findByText('Indomie Goreng 85g: 1/2')).toBeInTheDocument();
    expect(screen.getByTestId('line-11-picked')).toHaveTextContent('Diambil 1/2');
    expect(screen.getByTestId('order-progress')).toHaveTextContent('1 dari 3 barang');
    expect(signal).toHaveBeenLastCalledWith('success');
    // The scan store: the product is recorded, the current scan cleared after the add.
    expect(useScanStore.getState().products).toEqual([expect.objectContaining({ productID: '20001', qty: 1 })]);
    expect(useScanStore.getState().current).toBeNull();

    await userEvent.type(field, '4800000000001{Enter}');
    expect(await screen.findByText('Produk ini tidak ada di pesanan. (4800000000001)')).toBeInTheDocument();
    expect(signal).toHaveBeenLastCalledWith('error');
    expect(screen.getByTestId('line-11-picked')).toHaveTextContent('Diambil 1/2');
    const keys = server.callsTo(`${DETAIL}/scan`).map((c) => c.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('names the product when its quantity is already complete', async () => {
    const picking = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', qty: 1 })] });
    mockFetch().on('GET', DETAIL, ok(picking)).on('POST', `${DETAIL}/scan`, fail(422, 'SCAN_OVER_QUANTITY', 'Jumlah produk sudah terpenuhi.'));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.type(await screen.findByLabelText('Ketik barcode'), '8991234567895{Enter}');
    expect(await screen.findByText('Jumlah produk sudah terpenuhi. Indomie Goreng 85g (2/2)')).toBeInTheDocument();
  });

  it('keeps Scan Packing disabled until every line is resolved', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 1 })] })));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const button = await screen.findByRole('button', { name: 'Scan Packing' });
    expect(button).toBeDisabled();
    expect(screen.getByText('Scan semua produk atau tandai stok kosong dulu.')).toBeInTheDocument();
  });

  it('Scan Packing shows the recomputed total, packs, and leads to the Proses list', async () => {
    const ready = orderDetail({ statusId: 1102, price: 7000, products: [orderLine({ qtyPicked: 2 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', qty: 1, attrQtyOos: 1 })] });
    const server = mockFetch().on('GET', DETAIL, ok(ready)).on('POST', `${DETAIL}/pack`, ok(after({ ...ready, statusId: 1103, actions: ['handover'] })));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const button = await screen.findByRole('button', { name: 'Scan Packing' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Scan Packing' });
    expect(within(dialog).getByTestId('scan-packing-total')).toHaveTextContent('Rp 7.000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ya, Packing' }));
    const done = await screen.findByRole('dialog', { name: 'Pesanan siap' });
    expect(server.callsTo(`${DETAIL}/pack`)).toHaveLength(1);
    await userEvent.click(within(done).getByRole('button', { name: 'Ke Pesanan Proses' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-proses');
  });

  it('an order with every product out of stock is a normal outcome that leads to its cancellation request', async () => {
    const allOos = orderDetail({ statusId: 1102, products: [orderLine({ attrQtyOos: 2 })] });
    mockFetch().on('GET', DETAIL, ok(allOos)).on('POST', `${DETAIL}/pack`, fail(422, 'ALL_OUT_OF_STOCK', 'Semua produk kosong. Ajukan pembatalan pesanan.'));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Scan Packing' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Scan Packing' })).getByRole('button', { name: 'Ya, Packing' }));
    // Not the default error modal: a title that says what happened, no "Error:" prefix.
    const dialog = await screen.findByRole('dialog', { name: 'Semua produk kosong' });
    expect(dialog).toHaveTextContent(`Tidak ada produk pesanan ${SHP} yang bisa dikemas.`);
    expect(dialog).not.toHaveTextContent('Error:');
    expect(screen.queryByRole('dialog', { name: 'Hmm, ada yang tidak beres…' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajukan Pembatalan' }));
    // The request-cancel screen of that very shipment.
    expect(screen.getByTestId('where')).toHaveTextContent(`/request-cancel?shipmentNo=${SHP}`);
  });

  it('shows the cancel and return actions only where order.actions offers them, each to its own screen', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1101, actions: ['claim'] })));
    const view = renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await screen.findByTestId('order-header');
    expect(screen.queryByTestId('request-cancel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('request-return')).not.toBeInTheDocument();

    // Staff: a request.
    server.on('GET', DETAIL, ok(after(orderDetail({ statusId: 1101, actions: ['claim', 'requestCancel'] }))));
    await act(() => view.queryClient.refetchQueries());
    expect(await screen.findByTestId('request-cancel')).toHaveTextContent('Ajukan Pembatalan');
    // Who may decide: the cancellation itself, on the same screen.
    server.on('GET', DETAIL, ok(after(after(orderDetail({ statusId: 1101, actions: ['claim', 'cancel'] })))));
    await act(() => view.queryClient.refetchQueries());
    await waitFor(() => expect(screen.getByTestId('request-cancel')).toHaveTextContent('Batalkan Pesanan'));
    expect(screen.getByTestId('request-cancel')).toHaveAttribute('href', `/request-cancel?shipmentNo=${SHP}`);
    expect(screen.queryByTestId('request-return')).not.toBeInTheDocument();
  });

  it('a completed order offers "Ajukan Retur" when the server says so, and shows its return', async () => {
    const done = orderDetail({ statusId: 1104, actions: ['finish', 'requestReturn'], returnInfo: { status: 'approved', createdAt: '2025-11-22T05:00:00.000Z' } });
    mockFetch().on('GET', DETAIL, ok(done));
    renderDetail(`/order/detail/1104/${SHP}/pickup`);
    expect(await screen.findByTestId('request-return')).toHaveAttribute('href', `/retur/request/${SHP}/pickup`);
    expect(screen.queryByTestId('request-cancel')).not.toBeInTheDocument();
    const row = screen.getByTestId('order-return');
    expect(row).toHaveTextContent('Retur: Disetujui');
    expect(row).toHaveAttribute('href', `/retur/detail/${SHP}/pickup`);
  });

  it('says a cancellation request waits for a decision, and shows a rejection with its note', async () => {
    const waiting = orderDetail({
      statusId: 1102,
      actions: ['scan', 'pack'],
      cancelRequest: { status: 'pending', reason: 'Pelanggan membatalkan', requestedBy: 'Budi Santoso', requestedAt: '2025-11-22T03:00:00.000Z', decidedBy: null, decidedAt: null, note: null },
    });
    const server = mockFetch().on('GET', DETAIL, ok(waiting));
    const view = renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const notice = await screen.findByTestId('order-cancel-pending');
    expect(notice).toHaveTextContent('Pengajuan pembatalan menunggu persetujuan');
    expect(notice).toHaveTextContent('Pelanggan membatalkan');
    expect(notice).toHaveTextContent('Budi Santoso');
    expect(screen.queryByTestId('request-cancel')).not.toBeInTheDocument();

    const rejected = {
      ...waiting,
      actions: ['scan', 'pack', 'requestCancel'] as OrderDetail['actions'],
      cancelRequest: { ...waiting.cancelRequest!, status: 'rejected' as const, decidedBy: 'Agus Setiawan', decidedAt: '2025-11-22T03:10:00.000Z', note: 'Stok datang sore ini' },
    };
    server.on('GET', DETAIL, ok(after(rejected)));
    await act(() => view.queryClient.refetchQueries());
    const rejection = await screen.findByTestId('order-cancel-rejected');
    expect(rejection).toHaveTextContent('Pengajuan pembatalan ditolak');
    expect(rejection).toHaveTextContent('Catatan: Stok datang sore ini');
    expect(screen.getByTestId('request-cancel')).toHaveTextContent('Ajukan Pembatalan');
  });

  it('a cancelled order says who cancelled it, when and why, and what the channel was told', async () => {
    const cancelled = orderDetail({
      statusId: 1106,
      actions: ['archiveCancelled'],
      products: [orderLine({ qtyPicked: 1, attrQtyOos: 1 })],
      cancelledBy: 'Agus Setiawan',
      cancelledAt: '2025-11-22T03:10:00.000Z',
      cancelReason: 'Stok habis',
      channelNotices: [
        { kind: 'order.cancelled', status: 'pending', attempts: 2, createdAt: '2025-11-22T03:10:00.000Z', sentAt: null, lastError: 'kanal tidak menjawab' },
        { kind: 'order.cancelled', status: 'sent', attempts: 1, createdAt: '2025-11-22T03:11:00.000Z', sentAt: '2025-11-22T03:11:05.000Z', lastError: null },
      ],
    });
    mockFetch().on('GET', DETAIL, ok(cancelled));
    renderDetail(`/order/detail/1106/${SHP}/pickup`);
    const card = await screen.findByTestId('order-cancelled');
    expect(within(card).getByTestId('order-cancelled-by')).toHaveTextContent('Agus Setiawan');
    expect(within(card).getByTestId('order-cancel-reason')).toHaveTextContent('Stok habis');
    expect(card).toHaveTextContent('22 Nov 2025');
    // Goods were picked: they go back on the shelf.
    expect(within(card).getByTestId('order-put-back')).toBeInTheDocument();
    expect(screen.queryByTestId('request-cancel')).not.toBeInTheDocument();
    const notices = within(screen.getByTestId('order-channel-notices')).getAllByTestId('channel-notice');
    expect(notices[0]).toHaveTextContent('Kanal diberi tahu: Menunggu (percobaan 2)');
    expect(notices[0]).toHaveTextContent('kanal tidak menjawab');
    expect(notices[1]).toHaveTextContent('Kanal diberi tahu: Terkirim');
  });

  it('Reset asks first, then sets every line back to 0', async () => {
    const picking = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 1 })] });
    const server = mockFetch().on('GET', DETAIL, ok(picking)).on('POST', `${DETAIL}/reset`, ok(after(orderDetail({ statusId: 1102, products: [orderLine()] }))));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset picking?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(server.callsTo(`${DETAIL}/reset`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Reset picking?' })).getByRole('button', { name: 'Ya, reset' }));
    await waitFor(() => expect(screen.getByTestId('line-11-picked')).toHaveTextContent('Diambil 0/2'));
    expect(server.callsTo(`${DETAIL}/reset`)).toHaveLength(1);
  });

  it('paper bags: the stepper saves each change and never goes below 0', async () => {
    const picking = orderDetail({ statusId: 1102 });
    const server = mockFetch()
      .on('GET', DETAIL, ok(picking))
      .on('POST', `${DETAIL}/paper-bags`, (call) => ok(after({ ...picking, paperBags: [{ productID: 'BAG', name: 'Kantong Kertas', qty: (call.body as { qty: number }).qty, price: 1000 }] })));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    const bags = await screen.findByTestId('order-paper-bags');
    expect(within(bags).getByTestId('paper-bags-decrease')).toBeDisabled();
    await userEvent.click(within(bags).getByTestId('paper-bags-increase'));
    await waitFor(() => expect(within(bags).getByTestId('paper-bags-value')).toHaveValue(1));
    expect(server.callsTo(`${DETAIL}/paper-bags`)[0]!.body).toEqual({ qty: 1 });
  });

  it('offers the POS QR only when isSendStore is F and the code is not empty', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1103, actions: ['handover'] })));
    const view = renderDetail(`/order/detail/1103/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'QR Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR Code' });
    expect(within(dialog).getByRole('img', { name: `QR code pesanan ${SHP}` })).toBeInTheDocument();
    view.unmount();

    act(() => closeModal());
    mockFetch().on('GET', DETAIL, ok(orderDetail({ isSendStore: 'T' })));
    const sent = renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await screen.findByTestId('order-total');
    expect(screen.queryByRole('button', { name: 'QR Code' })).not.toBeInTheDocument();
    sent.unmount();

    mockFetch().on('GET', DETAIL, ok(orderDetail({ qrCode: null })));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await screen.findByTestId('order-total');
    expect(screen.queryByRole('button', { name: 'QR Code' })).not.toBeInTheDocument();
  });

  it('contact customer: a call link and a WhatsApp link in international form', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail()));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Hubungi Pelanggan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hubungi Pelanggan' });
    expect(within(dialog).getByRole('link', { name: 'Telepon' })).toHaveAttribute('href', 'tel:081353447787');
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/6281353447787');
  });

  it('Konfirmasi leads pickup orders to the handover screen and delivery orders to scan and go', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1103, actions: ['handover'] })));
    const view = renderDetail(`/order/detail/1103/${SHP}/pickup`);
    expect(await screen.findByRole('link', { name: 'Konfirmasi' })).toHaveAttribute('href', `/order/confirm/1103/${SHP}`);
    view.unmount();
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1103, deliveryType: 1, actions: [] })));
    renderDetail(`/order/detail/1103/${SHP}/delivery`);
    expect(await screen.findByRole('link', { name: 'Konfirmasi' })).toHaveAttribute('href', `/order/detail-scan-go/1103/${SHP}/delivery`);
  });

  it('Selesai archives a completed order and goes to History', async () => {
    const completed = orderDetail({ statusId: 1104, actions: ['finish'] });
    mockFetch().on('GET', DETAIL, ok(completed)).on('POST', `${DETAIL}/finish`, ok(after({ ...completed, statusId: 1105, actions: [] })));
    renderDetail(`/order/detail/1104/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/history'));
  });
});

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

describe('order refusals land where ORDER_REFUSALS and PICKING_REFUSALS say', () => {
  const entries = (table: object) => Object.entries(table as RefusalTable<OrderRefusal>) as [ErrorCode, OrderRefusal][];
  const refusal = (code: ErrorCode, details?: unknown) => fail(ERROR_HTTP_STATUS[code], code, ERROR_MESSAGES[code], details);

  it.each(entries(ORDER_REFUSALS).filter(([, e]) => e.show === 'modal'))('claim refused with %s: its modal, titled as the table says', async (code, entry) => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(orderDetail()))
      .on('POST', `${DETAIL}/claim`, refusal(code));
    renderDetail(`/order/detail/1101/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Packing' }));
    const dialog = await screen.findByRole('dialog', { name: entry.title ?? DEFAULT_ERROR_MODAL.title });
    expect(dialog).toHaveTextContent(ERROR_MESSAGES[code]);
    if (entry.stale) await waitFor(() => expect(server.callsTo(DETAIL, 'GET').length).toBeGreaterThan(1));
  });

  it.each(entries(PICKING_REFUSALS).filter(([, e]) => e.show === 'form'))('Scan Packing refused with %s: said in the sheet, no other modal', async (code, entry) => {
    const ready = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 2 })] });
    mockFetch().on('GET', DETAIL, ok(ready)).on('POST', `${DETAIL}/pack`, refusal(code));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Scan Packing' }));
    const sheet = await screen.findByRole('dialog', { name: 'Scan Packing' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Ya, Packing' }));
    if (entry.wait) expect(await within(sheet).findByTestId('scan-packing-blocked')).toBeInTheDocument();
    else expect(await within(sheet).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES[code]);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('a scan over a complete line names the line the server names by details[].productId, not the one its words or the code suggest', async () => {
    const picking = orderDetail({ statusId: 1102, products: [orderLine({ qtyPicked: 1 }), orderLine({ lineId: 12, productID: '20002', name: 'Teh Botol 450ml', barcode: '8997654321098', qty: 1, qtyPicked: 1 })] });
    mockFetch()
      .on('GET', DETAIL, ok(picking))
      .on('POST', `${DETAIL}/scan`, refusal('SCAN_OVER_QUANTITY', [{ path: 'body.barcode', message: 'Indomie Goreng 85g', productId: '20002' }]));
    renderDetail(`/order/detail/1102/${SHP}/pickup`);
    await userEvent.type(await screen.findByLabelText('Ketik barcode'), '8991234567895{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-feedback')).toHaveTextContent('Jumlah produk sudah terpenuhi. Teh Botol 450ml (1/1)'));
  });
});

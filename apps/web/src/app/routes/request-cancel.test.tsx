import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancelResult, OrderDetail } from '@gerai/contract';
import { cancelReasons, cancelRequest } from '@/features/cancellations/cancel-test-kit';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { useToastStore } from '@/shared/toast/toast-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { chiefMember, orderDetail, orderLine } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import RequestCancelRoute from './request-cancel';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SHP = 'SHP2511220000001';
const ORDER = `/api/orders/${SHP}`;
const REQUEST = `/api/cancellations/${SHP}`;
/** An outbox round trip and a navigation, with room for a busy machine. */
const WAIT = { timeout: 3000 };
/** An order without a request: the read answers null (decision: no 404 for what does not exist yet). */
const NO_REQUEST = ok(null);

const picking = (actions: OrderDetail['actions']) => orderDetail({ statusId: 1102, actions, products: [orderLine({ qtyPicked: 1 }), orderLine({ lineId: 12, productID: '20002', barcode: '8997654321098', name: 'Teh Botol Sosro 450ml', qty: 1 })] });
const later = (order: OrderDetail): OrderDetail => ({ ...order, updatedAt: new Date(Date.parse(order.updatedAt) + 60_000).toISOString() });

function renderCancel(path = `/request-cancel?shipmentNo=${SHP}`) {
  return renderPage([{ path: '/request-cancel', element: <RequestCancelRoute /> }], ['/list-packing', path]);
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  act(() => useToastStore.setState({ toasts: [] }));
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('request cancel: the form', () => {
  it('refuses "Lainnya" without a text, then asks in the confirm-cancel modal and sends the request', async () => {
    const user = userEvent.setup();
    const order = picking(['scan', 'pack', 'requestCancel']);
    const request = cancelRequest({ reason: { id: 0, label: 'Lainnya', text: 'Pelanggan pindah alamat', display: 'Pelanggan pindah alamat' } });
    const server = mockFetch()
      .on('GET', ORDER, ok(order))
      .on('GET', REQUEST, NO_REQUEST)
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons))
      .on('POST', '/api/cancellations', { status: 201, body: { message: 'Success', data: { request, order: later({ ...order, actions: ['scan', 'pack'] }) } satisfies CancelResult } });
    renderCancel();

    const summary = await screen.findByTestId('cancel-order');
    expect(summary).toHaveTextContent(SHP);
    expect(summary).toHaveTextContent('Picking');
    expect(summary).toHaveTextContent('Nathania Julia');
    expect(summary).toHaveTextContent('3 barang');
    expect(summary).toHaveTextContent('2 × Indomie Goreng 85g');
    expect(await screen.findByTestId('cancel-hint')).toHaveTextContent('Pengajuan dikirim ke Kepala Toko untuk disetujui.');

    const submit = screen.getByTestId('cancel-submit');
    expect(submit).toHaveTextContent('Ajukan Pembatalan');
    await user.click(submit);
    expect(await screen.findByText('Pilih alasan pembatalan.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Lainnya' }));
    await user.click(submit);
    expect(await screen.findByText('Tuliskan alasan untuk pilihan Lainnya (minimal 3 huruf).')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('/api/cancellations', 'POST')).toHaveLength(0);

    await user.type(screen.getByTestId('cancel-reason-text'), '  Pelanggan pindah alamat ');
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Ajukan pembatalan?' });
    expect(dialog).toHaveTextContent(`Pesanan ${SHP} diajukan untuk dibatalkan.`);
    expect(dialog).toHaveTextContent('Alasan: Pelanggan pindah alamat');
    // Back: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Kembali' }));
    expect(server.callsTo('/api/cancellations', 'POST')).toHaveLength(0);

    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog', { name: 'Ajukan pembatalan?' })).getByRole('button', { name: 'Ya, Ajukan' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1102/${SHP}/pickup`), WAIT);
    const [sent] = server.callsTo('/api/cancellations', 'POST');
    expect(sent!.body).toEqual({ shipmentNo: SHP, reasonId: 0, reasonText: 'Pelanggan pindah alamat' });
    expect(sent!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('toasts')).toHaveTextContent('Pengajuan pembatalan terkirim');
  });

  it('who may decide cancels at once: "Batalkan Pesanan", then the Batal list and the goods back on the shelf', async () => {
    const user = userEvent.setup();
    const order = picking(['scan', 'pack', 'cancel']);
    const cancelled = later({ ...order, statusId: 1106, actions: ['archiveCancelled'], cancelledBy: 'Agus Setiawan', cancelReason: 'Stok produk habis', cancelledAt: '2025-11-22T03:00:00.000Z' });
    const server = mockFetch()
      .on('GET', ORDER, ok(order))
      .on('GET', REQUEST, NO_REQUEST)
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons))
      .on('POST', '/api/cancellations', ok({ request: cancelRequest({ status: 'approved', orderStatusId: 1106, decidedBy: 'Agus Setiawan', decidedAt: '2025-11-22T03:00:00.000Z' }), order: cancelled }));
    const view = renderCancel();

    expect(await screen.findByTestId('cancel-hint')).toHaveTextContent('Pesanan langsung dibatalkan');
    await user.click(await screen.findByRole('radio', { name: 'Stok produk habis' }));
    await user.click(screen.getByRole('button', { name: 'Batalkan Pesanan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batalkan pesanan?' });
    expect(dialog).toHaveTextContent('Alasan: Stok produk habis');
    await user.click(within(dialog).getByRole('button', { name: 'Ya, Batalkan' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/list-cancel'), WAIT);
    expect(server.callsTo('/api/cancellations', 'POST')[0]!.body).toEqual({ shipmentNo: SHP, reasonId: 1 });
    expect(screen.getByTestId('toasts')).toHaveTextContent('Pesanan dibatalkan');
    // One product was picked: the crew puts it back.
    expect(await screen.findByRole('dialog', { name: 'Kembalikan barang ke rak' })).toHaveTextContent('dikembalikan ke rak toko');
    // The reply's order is the order's detail at once.
    expect(view.queryClient.getQueryData<OrderDetail>(['orders', 'detail', SHP])?.statusId).toBe(1106);
  });

  it('shows a refusal in the contract\'s words, by code, and reads the request again', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const server = mockFetch()
      .on('GET', ORDER, ok(picking(['scan', 'pack', 'requestCancel'])))
      .on('GET', REQUEST, () => (asked++ === 0 ? NO_REQUEST : ok(cancelRequest())))
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons))
      .on('POST', '/api/cancellations', fail(409, 'CANCEL_REQUEST_PENDING', 'teks server'));
    renderCancel();
    await user.click(await screen.findByRole('radio', { name: 'Stok produk habis' }));
    await user.click(screen.getByTestId('cancel-submit'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ajukan pembatalan?' })).getByRole('button', { name: 'Ya, Ajukan' }));
    // The request another phone sent is shown instead of the form.
    expect(await screen.findByTestId('cancel-request-state')).toHaveTextContent('Menunggu keputusan Kepala Toko');
    expect(server.callsTo(REQUEST).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the form\'s refusal on screen while the form stays', async () => {
    const user = userEvent.setup();
    mockFetch()
      .on('GET', ORDER, ok(picking(['scan', 'pack', 'requestCancel'])))
      .on('GET', REQUEST, NO_REQUEST)
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons))
      .on('POST', '/api/cancellations', fail(403, 'CANCEL_NEEDS_SUPERVISOR', 'teks server'));
    renderCancel();
    await user.click(await screen.findByRole('radio', { name: 'Stok produk habis' }));
    await user.click(screen.getByTestId('cancel-submit'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ajukan pembatalan?' })).getByRole('button', { name: 'Ya, Ajukan' }));
    expect(await screen.findByTestId('cancel-notice')).toHaveTextContent('Pesanan yang sedang diantar hanya dapat dibatalkan oleh Area Supervisor atau di atasnya.');
    expect(screen.queryByText('teks server')).not.toBeInTheDocument();
  });

  it('offline: the request is kept on the phone and said so', async () => {
    const user = userEvent.setup();
    const server = mockFetch()
      .on('GET', ORDER, ok(picking(['scan', 'pack', 'requestCancel'])))
      .on('GET', REQUEST, NO_REQUEST)
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons))
      .on('POST', '/api/cancellations', 'network-error');
    renderCancel();
    await user.click(await screen.findByRole('radio', { name: 'Stok produk habis' }));
    await user.click(screen.getByTestId('cancel-submit'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ajukan pembatalan?' })).getByRole('button', { name: 'Ya, Ajukan' }));
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('Disimpan, dikirim saat online'), WAIT);
    expect(screen.getByTestId('where')).toHaveTextContent(`/order/detail/1102/${SHP}/pickup`);
    expect(server.callsTo('/api/cancellations', 'POST').length).toBeGreaterThanOrEqual(1);
  });
});

describe('request cancel: a pending request', () => {
  it('a decider sees who asked and why, and approves after the confirm modal', async () => {
    const user = userEvent.setup();
    const order = picking(['scan', 'pack']);
    const server = mockFetch()
      .on('GET', ORDER, ok(order))
      .on('GET', REQUEST, ok(cancelRequest({ canDecide: true })))
      .on('POST', `${REQUEST}/approve`, ok({ request: cancelRequest({ status: 'approved', canDecide: false }), order: later({ ...order, statusId: 1106, actions: ['archiveCancelled'] }) }));
    renderCancel();
    const state = await screen.findByTestId('cancel-request-state');
    expect(state).toHaveTextContent('Menunggu persetujuan');
    expect(state).toHaveTextContent('Stok produk habis');
    expect(state).toHaveTextContent('Budi Santoso');
    expect(within(state).getByTestId('cancel-waiting-for')).toHaveTextContent('Menunggu keputusan Kepala Toko');
    expect(screen.queryByTestId('cancel-form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Setujui' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Setujui pembatalan?' })).getByRole('button', { name: 'Ya, Setujui' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/list-cancel'), WAIT);
    expect(server.callsTo(`${REQUEST}/approve`, 'POST')).toHaveLength(1);
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Pembatalan ${SHP} disetujui`);
    expect(await screen.findByRole('dialog', { name: 'Kembalikan barang ke rak' })).toBeInTheDocument();
  });

  it('a rejection needs a note, which is sent', async () => {
    const user = userEvent.setup();
    const order = picking(['scan', 'pack']);
    const server = mockFetch()
      .on('GET', ORDER, ok(order))
      .on('GET', REQUEST, ok(cancelRequest({ canDecide: true })))
      .on('POST', `${REQUEST}/reject`, ok({ request: cancelRequest({ status: 'rejected', note: 'Stok datang sore ini' }), order: later({ ...order, actions: ['scan', 'pack', 'requestCancel'] }) }));
    renderCancel();
    await user.click(await screen.findByRole('button', { name: 'Tolak' }));
    const form = await screen.findByTestId('cancel-reject-form');
    await user.click(within(form).getByRole('button', { name: 'Tolak Pengajuan' }));
    expect(await within(form).findByText('Tuliskan alasan penolakan (minimal 3 huruf).')).toBeInTheDocument();
    expect(server.callsTo(`${REQUEST}/reject`, 'POST')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Alasan penolakan'), 'Stok datang sore ini');
    await user.click(within(form).getByRole('button', { name: 'Tolak Pengajuan' }));
    await waitFor(() => expect(server.callsTo(`${REQUEST}/reject`, 'POST')).toHaveLength(1), WAIT);
    expect(server.callsTo(`${REQUEST}/reject`, 'POST')[0]!.body).toEqual({ note: 'Stok datang sore ini' });
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent(`Pengajuan pembatalan ${SHP} ditolak`), WAIT);
  });

  it('a staff member sees the request and who decides it, without Setujui or Tolak; the decision arrives live', async () => {
    let decided = false;
    const order = picking(['scan', 'pack']);
    mockFetch()
      .on('GET', ORDER, ok(order))
      .on('GET', REQUEST, () =>
        ok(decided ? cancelRequest({ status: 'rejected', decidedBy: 'Agus Setiawan', decidedAt: '2025-11-22T03:10:00.000Z', note: 'Stok datang sore ini' }) : cancelRequest({ deciderRole: 3, requestedInStatus: 1103, orderStatusId: 1103 })),
      )
      .on('GET', '/api/cancellations/reasons', ok(cancelReasons));
    renderCancel();
    const state = await screen.findByTestId('cancel-request-state');
    expect(within(state).getByTestId('cancel-waiting-for')).toHaveTextContent('Menunggu keputusan Area Supervisor');
    expect(state).toHaveTextContent('keputusannya ada pada Area Supervisor');
    expect(screen.queryByRole('button', { name: 'Setujui' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tolak' })).not.toBeInTheDocument();

    decided = true;
    emitEvent('cancel.rejected', { shipmentNo: SHP, orderNo: 'AGF251122000001', requestId: 5, deciderName: 'Agus Setiawan', note: 'Stok datang sore ini' });
    expect(await screen.findByTestId('cancel-request-note')).toHaveTextContent('Stok datang sore ini');
    expect(screen.getByTestId('cancel-request-state')).toHaveTextContent('Ditolak');
  });
});

describe('request cancel: other states', () => {
  it('a cancelled order says who, when and why, and offers no form', async () => {
    mockFetch()
      .on('GET', ORDER, ok(orderDetail({ statusId: 1106, actions: ['archiveCancelled'], cancelledBy: 'Agus Setiawan', cancelReason: 'Stok produk habis', cancelledAt: '2025-11-22T03:00:00.000Z' })))
      .on('GET', REQUEST, ok(cancelRequest({ status: 'approved', orderStatusId: 1106, decidedBy: 'Agus Setiawan', decidedAt: '2025-11-22T03:00:00.000Z' })));
    renderCancel();
    const card = await screen.findByTestId('cancel-cancelled');
    expect(card).toHaveTextContent('Agus Setiawan');
    expect(card).toHaveTextContent('Stok produk habis');
    expect(screen.queryByTestId('cancel-form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka pesanan' })).toHaveAttribute('href', `/order/detail/1106/${SHP}/pickup`);
  });

  it('a completed order cannot be cancelled: it says so', async () => {
    mockFetch().on('GET', ORDER, ok(orderDetail({ statusId: 1104, actions: ['finish'] }))).on('GET', REQUEST, NO_REQUEST);
    renderCancel();
    expect(await screen.findByTestId('cancel-unavailable')).toHaveTextContent('Pesanan berstatus Selesai tidak dapat dibatalkan.');
    expect(screen.queryByTestId('cancel-submit')).not.toBeInTheDocument();
  });

  it('a shipment that is not there (or another store\'s) answers with a not-found state', async () => {
    mockFetch().on('GET', ORDER, fail(404, 'NOT_FOUND', 'Data tidak ditemukan.')).on('GET', REQUEST, fail(404, 'NOT_FOUND', 'Data tidak ditemukan.'));
    renderCancel();
    expect(await screen.findByText('Pesanan tidak ditemukan')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke pengajuan pembatalan' })).toHaveAttribute('href', '/list-cancel');
  });

  it('without a shipment: the requests waiting for a decision, each opening its order\'s screen', async () => {
    mockFetch()
      .on('GET', '/api/members/me', ok(chiefMember))
      .on('GET', '/api/cancellations', ok({ items: [cancelRequest()], page: 1, size: 20, total: 1 }));
    renderCancel('/request-cancel');
    const card = await screen.findByTestId(`cancel-request-${SHP}`);
    expect(card).toHaveAttribute('href', `/request-cancel?shipmentNo=${SHP}`);
    expect(card).toHaveTextContent('Stok produk habis');
    expect(card).toHaveTextContent('Diajukan Budi Santoso');
    expect(card).toHaveTextContent('7 menit lalu');
    expect(screen.getByRole('link', { name: 'Ke daftar pesanan' })).toHaveAttribute('href', '/order');
  });
});

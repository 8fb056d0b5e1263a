import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type OrderDetail } from '@gerai/contract';
import { closeModal } from '@/shared/modal/modal-store';
import { mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { SHP, DETAIL, renderDetail, after, setUpOrderDetailTests } from './order-detail-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpOrderDetailTests();

describe('order detail', () => {
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
    const notices = within(await screen.findByTestId('order-channel-notices')).getAllByTestId('channel-notice');
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

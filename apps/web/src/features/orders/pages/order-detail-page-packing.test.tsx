import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signal } from '@/shared/feedback/feedback';
import { useScanStore } from '@/shared/stores/scan-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail, orderLine } from '@/test/fixtures';
import { SHP, DETAIL, renderDetail, after, setUpOrderDetailTests } from './order-detail-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpOrderDetailTests();

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
    expect(screen.getByTestId('action-button')).toHaveTextContent('Packing');
    // What lies below the total (under the action bar at 360 × 640) is not part of the first render
    // with the order: it mounts in an idle task of its own, so that render's task stays short.
    expect(screen.queryByTestId('order-customer')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-history')).not.toBeInTheDocument();
    expect(await screen.findByTestId('order-customer')).toHaveTextContent('Tolong cek tanggal kedaluwarsa');
    expect(screen.getByTestId('order-history')).toHaveTextContent('Pesanan masuk oleh sistem');
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
    // While picking, the header card lies under the products and mounts after the first paint.
    expect(await screen.findByTestId('order-header')).toHaveTextContent('Agus Setiawan');
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
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signal } from '@/shared/feedback/feedback';
import { fail, ok } from '@/test/fetch-mock';
import { stubGeolocation } from '@/test/geolocation';
import { serve, SHP, ORDER, MINE, order, NEAR, FAR, renderScanGo, fillReceiver, setUpScanGoTests } from './order-scan-go-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpScanGoTests();

describe('scan and go (/order/detail-scan-go)', () => {
  it('shows the customer, address, goods and total, and completes a delivery inside the radius', async () => {
    const completed = { ...order, statusId: 1104 };
    const server = serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [] }))
      .on('POST', '/api/pod/scan-go', ok({ status: true, distanceM: 20, radiusM: 150, pod: {}, order: completed }));
    stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderScanGo();

    const summary = await screen.findByTestId('scan-go-order');
    expect(summary).toHaveTextContent('Puput Juwita');
    expect(summary).toHaveTextContent('Jl. Haji Naim No. 116');
    expect(summary).toHaveTextContent('Barang (3)');
    expect(screen.getByTestId('scan-go-total')).toHaveTextContent('Rp 31.900');

    // The position first: accuracy, direction and the verdict of the phone.
    await user.click(await screen.findByRole('button', { name: 'Ambil lokasi' }));
    expect(await screen.findByTestId('location-accuracy')).toHaveTextContent('Akurasi ±8 m');
    expect(screen.getByTestId('location-verdict')).toHaveTextContent('Di dalam area pelanggan (radius 150 m)');
    expect(screen.getByTestId('location-card')).toHaveTextContent('Anda 20 m ke arah utara dari titik pelanggan');
    expect(screen.getByRole('img', { name: /Sketsa posisi/ })).toBeInTheDocument();

    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    await user.click(screen.getByRole('button', { name: 'Tambah' }));
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));

    const dialog = await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(dialog).toHaveTextContent(`Pesanan ${SHP} diterima oleh Puput Juwita, 20 m dari titik pelanggan.`);
    const call = server.callsTo('/api/pod/scan-go')[0]!;
    expect(call.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual({
      shipmentNo: SHP,
      orderNo: 'AMD261122010465',
      lat: NEAR.latitude,
      long: NEAR.longitude,
      accuracy: 8,
      capturedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      receiverName: 'Puput Juwita',
      receiverRelation: 'Pemesan',
      isValidate: true,
      plasticQty: 2,
    });
    expect(signal).toHaveBeenCalledWith('success');
    // The way on is the Selesai list.
    await user.click(within(dialog).getByRole('button', { name: 'Ke Pesanan Selesai' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-done');
  });

  it('checks the form first: a receiver, a relation, and the relation written out for Lainnya', async () => {
    const server = serve().on('GET', ORDER, ok(order)).on('GET', MINE, ok({ items: [] })).on('POST', '/api/pod/scan-go', ok({ status: true, distanceM: 20, radiusM: 150, pod: {}, order }));
    stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderScanGo();
    await user.click(await screen.findByRole('button', { name: 'Kirim POD' }));
    expect(await screen.findByText('Nama penerima wajib diisi (minimal 2 huruf).')).toBeInTheDocument();
    expect(screen.getByText('Pilih hubungan penerima.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nama penerima'), 'Pak Darto');
    await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), 'Lainnya');
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    expect(await screen.findByText('Tuliskan hubungan penerima untuk pilihan Lainnya.')).toBeInTheDocument();
    expect(screen.getByLabelText('Hubungan lainnya')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/api/pod/scan-go')).toHaveLength(0);

    await user.type(screen.getByLabelText('Hubungan lainnya'), 'Tetangga');
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    await waitFor(() => expect(server.callsTo('/api/pod/scan-go')).toHaveLength(1));
    expect(server.callsTo('/api/pod/scan-go')[0]!.body).toMatchObject({ receiverName: 'Pak Darto', receiverRelation: 'Lainnya', receiverOther: 'Tetangga', plasticQty: 0 });
    // Three submits and 17 typed characters: about 0.5 s alone, over 5 s in CI's full run beside the server suites.
  }, 20_000);

  it('says why there is no position (permission denied) and sends nothing until a retry succeeds', async () => {
    const server = serve().on('GET', ORDER, ok(order)).on('GET', MINE, ok({ items: [] }));
    stubGeolocation([{ error: 1 }, NEAR]);
    const user = userEvent.setup();
    renderScanGo();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    expect(await screen.findByTestId('location-error')).toHaveTextContent('Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.');
    expect(server.callsTo('/api/pod/scan-go')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('location-accuracy')).toHaveTextContent('±8 m');
    expect(screen.queryByTestId('location-error')).not.toBeInTheDocument();
  });

  it('refuses a fix too poor to decide on, with a retry', async () => {
    const server = serve().on('GET', ORDER, ok(order)).on('GET', MINE, ok({ items: [] }));
    stubGeolocation([{ ...NEAR, accuracy: 480 }]);
    const user = userEvent.setup();
    renderScanGo();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    expect(await screen.findByTestId('location-error')).toHaveTextContent('Akurasi lokasi terlalu rendah (±480 m; paling besar 100 m).');
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeEnabled();
    expect(server.callsTo('/api/pod/scan-go')).toHaveLength(0);
  });

  it('follows the radius and accuracy the server is configured with (app-config), not a constant', async () => {
    // An operator widened the radius to 400 m and accepts fixes up to ±500 m.
    const server = serve({ radiusM: 400, maxAccuracyM: 500 })
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [] }))
      .on('POST', '/api/pod/scan-go', ok({ status: true, distanceM: 348, radiusM: 400, pod: {}, order: { ...order, statusId: 1104 } }));
    stubGeolocation([{ ...FAR, accuracy: 480 }]);
    const user = userEvent.setup();
    renderScanGo();
    await user.click(await screen.findByRole('button', { name: 'Ambil lokasi' }));
    // ±480 m would be refused at the default 100 m; 348 m away is inside 400 m.
    expect(await screen.findByTestId('location-accuracy')).toHaveTextContent('Akurasi ±480 m');
    expect(screen.getByTestId('location-verdict')).toHaveTextContent('Di dalam area pelanggan (radius 400 m)');
    expect(screen.getByRole('img', { name: /lingkaran radius 400 m/ })).toBeInTheDocument();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
    await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(server.callsTo('/api/pod/scan-go')[0]!.body).toMatchObject({ isValidate: true, accuracy: 480 });
  });

  it('a pickup order is not confirmed here', async () => {
    serve().on('GET', ORDER, ok({ ...order, deliveryType: 0 })).on('GET', MINE, ok({ items: [] }));
    renderScanGo();
    expect(await screen.findByText('Pesanan ambil di toko dikonfirmasi dengan kode pengambilan, bukan Scan & Go.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke konfirmasi ambil di toko' })).toHaveAttribute('href', `/order/confirm/1103/${SHP}`);
  });

  it('a finished order says so, with the way to the Selesai list', async () => {
    serve().on('GET', ORDER, ok({ ...order, statusId: 1104 })).on('GET', MINE, ok({ items: [] }));
    renderScanGo();
    expect(await screen.findByText('Pesanan sudah selesai diserahkan.')).toBeInTheDocument();
    expect(screen.getByTestId('to-list-done')).toHaveAttribute('href', '/list-done');
    expect(screen.queryByTestId('scan-go-form')).not.toBeInTheDocument();
  });

  it('an unknown shipment answers quietly with a way back', async () => {
    serve().on('GET', ORDER, fail(404, 'NOT_FOUND', 'Data tidak ditemukan.'));
    renderScanGo();
    expect(await screen.findByText('Pesanan tidak ditemukan')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

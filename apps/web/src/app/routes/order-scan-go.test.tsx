import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import PodLiveUpdates from '@/features/pod/components/pod-live-updates';
import { ScanGoSuccessModal } from '@/features/pod/components/scan-go-success-modal';
import { useSentRequests } from '@/features/pod/stores/sent-requests';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { ModalHost } from '@/shared/modal/modal-host';
import { closeModal } from '@/shared/modal/modal-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { CUSTOMER_POINT, appConfig, deliveryOrder, outsideReply, podRequestSummary, requestReasons } from '@/test/fixtures';
import { stubGeolocation } from '@/test/geolocation';
import { renderWithRouter } from '@/test/render';
import OrderScanGoRoute from './order-scan-go';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

/** The server: app-config (the POD limits the screen follows) and what each test adds. */
const serve = (pod: Parameters<typeof appConfig>[0] = {}) => mockFetch().on('GET', '/api/app-config', ok(appConfig(pod)));

const SHP = 'SHP2611224355428';
const ORDER = `/api/orders/${SHP}`;
const MINE = '/api/pod/requests/mine';
const order = deliveryOrder();
/** ~20 m north of the customer, ~350 m south of it. */
const NEAR = { latitude: CUSTOMER_POINT.lat + 0.00018, longitude: CUSTOMER_POINT.long, accuracy: 8 };
const FAR = { latitude: -6.256, longitude: 106.8216, accuracy: 12 };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}


function renderScanGo(path = `/order/detail-scan-go/1103/${SHP}/delivery`) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ModalHost onLogout={() => {}} renderers={{ 'scan-go-success': ScanGoSuccessModal }} />
            <ToastHost />
            <PodLiveUpdates canDecide={false} />
          </>
        ),
        children: [
          { path: '/order/detail-scan-go/:status/:shipmentNo/:method', element: <OrderScanGoRoute /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
}

async function fillReceiver(user: ReturnType<typeof userEvent.setup>, relation = 'Pemesan') {
  await user.click(await screen.findByRole('button', { name: 'Isi: Puput Juwita' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), relation);
}

/** The crew sends the POD from ~350 m away: the "Lokasi tidak sesuai" modal it gets. */
async function sendFromFar() {
  stubGeolocation([FAR]);
  const user = userEvent.setup();
  renderScanGo();
  await fillReceiver(user);
  await user.click(screen.getByRole('button', { name: 'Kirim POD' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Lokasi tidak sesuai' }) };
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  act(() => useToastStore.setState({ toasts: [] }));
  useSentRequests.setState({ shipmentNos: [] });
  vi.mocked(signal).mockClear();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

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
    await user.click(screen.getByRole('button', { name: 'Ambil lokasi' }));
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
  });

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

  it('outside the radius: the spec meaning, "Ajukan POD" sends a form-encoded request, then it waits for approval', async () => {
    let requested = false;
    const server = serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, () => ok({ items: requested ? [podRequestSummary({ reason: { id: 0, label: 'Lainnya', text: 'Pelanggan di kantor', display: 'Pelanggan di kantor' } })] : [] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons))
      .on('POST', '/api/pod/scan-go', outsideReply())
      .on('POST', '/api/pod/requests', () => {
        requested = true;
        return { status: 201, body: { message: 'Success', data: {} } };
      });
    const { user, dialog } = await sendFromFar();
    expect(dialog).toHaveTextContent('Lokasi Anda tidak berada di area pemesan.');
    expect(dialog).toHaveTextContent('Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.');
    expect(server.callsTo('/api/pod/scan-go')[0]!.body).toMatchObject({ isValidate: false, accuracy: 12 });
    expect(signal).toHaveBeenCalledWith('error');
    await user.click(within(dialog).getByRole('button', { name: 'Ajukan POD' }));

    const form = await screen.findByTestId('pod-request-form');
    await user.click(await within(form).findByRole('radio', { name: 'Lainnya' }));
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));
    // Under the field and next to "Kirim Pengajuan".
    expect(await within(form).findByTestId('pod-request-alert')).toHaveTextContent('Tuliskan alasan untuk pilihan Lainnya (minimal 3 huruf).');
    expect(within(form).getByLabelText('Tulis alasan')).toHaveFocus();
    expect(server.callsTo('/api/pod/requests')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Tulis alasan'), 'Pelanggan di kantor');
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));

    await waitFor(() => expect(server.callsTo('/api/pod/requests')).toHaveLength(1));
    const call = server.callsTo('/api/pod/requests')[0]!;
    // Form-encoded (spec §7), with an Idempotency-Key.
    expect(call.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(call.body as URLSearchParams)).toEqual({
      shipmentNo: SHP,
      deliveryType: '1',
      type: 'order',
      reasonId: '0',
      reasonText: 'Pelanggan di kantor',
      lat: String(FAR.latitude),
      long: String(FAR.longitude),
      accuracy: '12',
      capturedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    const state = await screen.findByTestId('pod-request-state');
    expect(state).toHaveAttribute('data-status', 'pending');
    expect(state).toHaveTextContent('Menunggu persetujuan');
    expect(state).toHaveTextContent('Pelanggan di kantor');
    expect(screen.queryByTestId('pod-request-form')).not.toBeInTheDocument();
    expect(useSentRequests.getState().shipmentNos).toEqual([SHP]);
  });

  it('a request that cannot be sent (one already pending) shows that meaning and no "Ajukan POD"', async () => {
    serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [podRequestSummary()] }))
      .on('POST', '/api/pod/scan-go', outsideReply({ canRequest: false, pending: true, blockedBy: 'POD_REQUEST_DUPLICATE' }));
    const { dialog } = await sendFromFar();
    expect(dialog).toHaveTextContent('Tidak dapat mengajukan POD di luar koordinat: pesanan ini sudah memiliki pengajuan.');
    expect(within(dialog).queryByRole('button', { name: 'Ajukan POD' })).not.toBeInTheDocument();
  });

  it('a request refused by the server opens the POD status modal with the catalogue meaning', async () => {
    serve()
      .on('GET', ORDER, ok(order))
      .on('GET', MINE, ok({ items: [] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons))
      .on('POST', '/api/pod/scan-go', outsideReply())
      .on('POST', '/api/pod/requests', fail(422, 'POD_REQUEST_LOCATION_INVALID', 'Lokasi pengajuan POD tidak sesuai'));
    const { user, dialog: outside } = await sendFromFar();
    await user.click(within(outside).getByRole('button', { name: 'Ajukan POD' }));
    await user.click(await screen.findByRole('radio', { name: 'Titik lokasi pelanggan tidak sesuai alamat' }));
    await user.click(screen.getByRole('button', { name: 'Kirim Pengajuan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Koordinat tidak valid' });
    expect(dialog).toHaveTextContent('Pengajuan POD hanya dapat dilakukan di dekat lokasi pemesan.');
  });

  it('hears the decision live: a rejection shows its reason and allows another request; an approval completes it', async () => {
    let latest = podRequestSummary();
    let current = order;
    serve()
      .on('GET', ORDER, () => ok(current))
      .on('GET', MINE, () => ok({ items: [latest] }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons));
    stubGeolocation([FAR]);
    useSentRequests.getState().add(SHP);
    const user = userEvent.setup();
    renderScanGo();
    expect(await screen.findByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');

    latest = podRequestSummary({
      status: 'rejected',
      decidedByName: 'Agus Setiawan',
      rejectReason: { id: 2, label: 'Nama penerima tidak sesuai', text: null, display: 'Nama penerima tidak sesuai' },
    });
    emitEvent('pod.rejected', { shipmentNo: SHP, orderNo: order.orderNo, requestId: 7, deciderName: 'Agus Setiawan', requestedBy: 3, rejectReason: latest.rejectReason! });
    await waitFor(() => expect(screen.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'rejected'));
    expect(screen.getByTestId('pod-reject-reason')).toHaveTextContent('Nama penerima tidak sesuai (oleh Agus Setiawan)');
    expect(await screen.findByText(`Pengajuan POD ${SHP} ditolak: Nama penerima tidak sesuai`)).toBeInTheDocument();
    expect(signal).toHaveBeenCalledWith('error');
    // Another attempt: the request form again.
    await user.click(screen.getByTestId('request-again'));
    expect(await screen.findByTestId('pod-request-form')).toBeInTheDocument();

    latest = podRequestSummary({ status: 'approved', decidedByName: 'Agus Setiawan', orderStatusId: 1104 });
    current = { ...order, statusId: 1104 };
    emitEvent('pod.approved', { shipmentNo: SHP, orderNo: order.orderNo, requestId: 7, deciderName: 'Agus Setiawan', distanceM: 347.7 });
    const dialog = await screen.findByRole('dialog', { name: 'Scan & Go berhasil' });
    expect(dialog).toHaveTextContent(`Pengajuan POD pesanan ${SHP} disetujui oleh Agus Setiawan. Pesanan selesai.`);
    expect(await screen.findByText('Pesanan sudah selesai diserahkan.')).toBeInTheDocument();
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

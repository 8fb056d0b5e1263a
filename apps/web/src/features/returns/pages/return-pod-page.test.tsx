import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { appConfig } from '@/test/fixtures';
import { SHP, renderPage, returnDetail, stubGeolocation } from '../returns-test-kit';
import ReturnPodPage from './return-pod-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/returns/${SHP}`;
const POD = `/api/returns/${SHP}/pod`;
/** ~20 m north of the customer of returnDetail(). */
const NEAR = { latitude: -6.252874 + 0.00018, longitude: 106.821662, accuracy: 8 };
const approvedDelivery = () => returnDetail({ status: 'approved', deliveryType: 1, actions: ['collect'] });

const serve = (detail = approvedDelivery()) => mockFetch().on('GET', '/api/app-config', ok(appConfig())).on('GET', DETAIL, ok(detail));

const renderPod = () =>
  renderPage(
    [
      { path: '/retur/pod/:shipmentNo', element: <ReturnPodPage /> },
      { path: '/retur/detail/:shipmentNo/:method', element: <p>detail retur</p> },
    ],
    `/retur/pod/${SHP}`,
  );

async function fillReceiver(user: ReturnType<typeof userEvent.setup>, relation = 'Pemesan') {
  await user.click(await screen.findByRole('button', { name: 'Isi: Nathania Julia' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), relation);
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('return POD (/retur/pod)', { timeout: 20_000 }, () => {
  it('shows where to collect, takes the position on "Kirim POD Retur" and sends it with the receiver', async () => {
    const server = serve().on('POST', POD, ok(returnDetail({ status: 'collected', deliveryType: 1, actions: ['receive'] })));
    const gps = stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderPod();
    expect(await screen.findByTestId('return-pod-address')).toHaveTextContent('Jl. Haji Naim No. 116');
    expect(screen.getByTestId('return-pod-point')).toHaveTextContent('-6.252874, 106.821662');
    expect(screen.getByTestId('location-status')).toHaveTextContent('Lokasi diambil otomatis saat Kirim POD Retur.');
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));
    await waitFor(() => expect(server.callsTo(POD, 'POST')).toHaveLength(1));
    expect(gps.getCurrentPosition).toHaveBeenCalledTimes(1);
    const body = server.callsTo(POD, 'POST')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ lat: NEAR.latitude, long: NEAR.longitude, accuracy: 8, receiverName: 'Nathania Julia', receiverRelation: 'Pemesan' });
    expect(body).not.toHaveProperty('receiverOther');
    expect(typeof body.capturedAt).toBe('string');
    expect(await screen.findByText('detail retur')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/retur/detail/${SHP}/delivery`);
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Barang retur ${SHP} diambil dari pelanggan.`);
  });

  it('"Lainnya" needs the relation written out; nothing is taken or sent before', async () => {
    const server = serve();
    const gps = stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderPod();
    await fillReceiver(user, 'Lainnya');
    await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));
    // Under the field, and next to the button (the field may be out of view): the field gets the focus.
    expect(screen.getAllByText('Tuliskan hubungan untuk pilihan Lainnya.')).toHaveLength(2);
    expect(screen.getByTestId('return-pod-blocked')).toHaveTextContent('Tuliskan hubungan untuk pilihan Lainnya.');
    expect(screen.getByLabelText('Hubungan lainnya')).toHaveFocus();
    expect(gps.getCurrentPosition).not.toHaveBeenCalled();
    expect(server.callsTo(POD, 'POST')).toHaveLength(0);
  });

  it('outside the area (422 POD_OUTSIDE_AREA): says what it means and keeps the form', async () => {
    serve().on('POST', POD, fail(422, 'POD_OUTSIDE_AREA', 'koordinat lokasi POD tidak sesuai', [{ path: 'lat', message: 'Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.' }]));
    stubGeolocation([{ latitude: -6.256, longitude: 106.8216, accuracy: 12 }]);
    const user = userEvent.setup();
    renderPod();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));
    const refusal = await screen.findByTestId('return-pod-refusal');
    expect(refusal).toHaveTextContent('Lokasi tidak sesuai');
    expect(refusal).toHaveTextContent('Lokasi Anda tidak berada di area pemesan.');
    expect(refusal).toHaveTextContent('Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.');
    expect(screen.getByLabelText('Nama yang menyerahkan')).toHaveValue('Nathania Julia');
    expect(screen.getByLabelText('Hubungan dengan pemesan')).toHaveValue('Pemesan');
    expect(screen.getByTestId('where')).toHaveTextContent(`/retur/pod/${SHP}`);
    expect(screen.getByTestId('location-verdict')).toHaveAttribute('data-inside', 'false');
    // The refusal is also next to the button.
    expect(screen.getByTestId('return-pod-blocked')).toHaveTextContent('Lokasi tidak sesuai: Lokasi Anda tidak berada di area pemesan.');
  });

  it('a missing name is said next to the button and its field comes into focus', async () => {
    serve();
    stubGeolocation([NEAR]);
    const user = userEvent.setup();
    renderPod();
    await user.click(await screen.findByRole('button', { name: 'Kirim POD Retur' }));
    expect(screen.getByTestId('return-pod-blocked')).toHaveTextContent('Nama wajib diisi (minimal 2 huruf).');
    expect(screen.getByLabelText('Nama yang menyerahkan')).toHaveFocus();
    await user.type(screen.getByLabelText('Nama yang menyerahkan'), 'Sari');
    expect(screen.queryByTestId('return-pod-blocked')).not.toBeInTheDocument();
  });

  it('no position: says why, sends nothing, and "Coba lagi" takes it and sends', async () => {
    const server = serve().on('POST', POD, ok(returnDetail({ status: 'collected', deliveryType: 1 })));
    stubGeolocation([{ error: 1 }, NEAR]);
    const user = userEvent.setup();
    renderPod();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));
    const error = await screen.findByTestId('location-error');
    expect(error).toHaveTextContent('POD retur belum dikirim: lokasi tidak didapat.');
    expect(error).toHaveTextContent('Izin lokasi ditolak. Aktifkan izin lokasi di pengaturan.');
    expect(server.callsTo(POD, 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() => expect(server.callsTo(POD, 'POST')).toHaveLength(1));
  });

  it('a return that is not waiting to be collected says so and links to its detail', async () => {
    serve(returnDetail({ status: 'requested', deliveryType: 1, actions: [] }));
    renderPod();
    expect(await screen.findByText('Retur ini berstatus Diajukan; barangnya tidak menunggu diambil.')).toBeInTheDocument();
    expect(screen.getByTestId('return-pod-open-detail')).toHaveAttribute('href', `/retur/detail/${SHP}/delivery`);
    expect(screen.queryByRole('button', { name: 'Kirim POD Retur' })).not.toBeInTheDocument();
  });

  it('a pickup order’s return has no POD', async () => {
    serve(returnDetail({ status: 'approved', deliveryType: 0, actions: ['receive'] }));
    renderPod();
    expect(await screen.findByText('Retur pesanan ambil di toko diterima langsung di toko, tanpa POD.')).toBeInTheDocument();
  });
});

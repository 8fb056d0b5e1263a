import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import PodLiveUpdates from '@/features/pod/components/pod-live-updates';
import { useSentRequests } from '@/features/pod/stores/sent-requests';
import { returnDetail, SHP, stubGeolocation } from '@/features/returns/returns-test-kit';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { useToastStore } from '@/shared/toast/toast-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok, type Reply } from '@/test/fetch-mock';
import { appConfig, podRequestSummary, requestReasons } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import ReturnPodRoute from './return-pod';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/returns/${SHP}`;
const POD = `/api/returns/${SHP}/pod`;
const MINE = '/api/pod/requests/mine';
/** ~350 m south of the customer of returnDetail(). */
const FAR = { latitude: -6.256, longitude: 106.8216, accuracy: 12 };
const approvedDelivery = () => returnDetail({ status: 'approved', deliveryType: 1, actions: ['collect'] });
const outside = () =>
  fail(422, 'POD_OUTSIDE_AREA', 'koordinat lokasi POD tidak sesuai', [{ path: 'body.lat', message: 'Lokasi Anda 348 m ke arah selatan dari titik pelanggan, di luar radius 150 m.' }]);
const returnRequest = (over: Parameters<typeof podRequestSummary>[0] = {}) =>
  podRequestSummary({ shipmentNo: SHP, type: 'retur', orderStatusId: 1104, reason: { id: 1, label: 'Titik lokasi pelanggan tidak sesuai alamat', text: null, display: 'Titik lokasi pelanggan tidak sesuai alamat' }, ...over });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderReturnPod() {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ToastHost />
            <PodLiveUpdates canDecide={false} />
          </>
        ),
        children: [
          { path: '/retur/pod/:shipmentNo', element: <ReturnPodRoute /> },
          { path: '/retur/detail/:shipmentNo/:method', element: <p>detail retur</p> },
        ],
      },
    ],
    { initialEntries: [`/retur/pod/${SHP}`] },
  );
}

async function fillReceiver(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Isi: Nathania Julia' }));
  await user.selectOptions(screen.getByLabelText('Hubungan dengan pemesan'), 'Pemesan');
}

/** The server of a return whose POD is refused as outside the radius; its POD request answered with `request`. */
const serveOutside = (request: Reply) =>
  mockFetch()
    .on('GET', '/api/app-config', ok(appConfig()))
    .on('GET', DETAIL, ok(approvedDelivery()))
    .on('GET', MINE, ok({ items: [] }))
    .on('GET', '/api/pod/reasons/request', ok(requestReasons))
    .on('POST', POD, outside())
    .on('POST', '/api/pod/requests', request);

/** From ~350 m away: the POD, refused, then a POD request with a reason; the request form it was sent from. */
async function requestFromFar() {
  stubGeolocation([FAR]);
  const user = userEvent.setup();
  renderReturnPod();
  await fillReceiver(user);
  await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));
  const form = await screen.findByTestId('pod-request-form');
  await user.click(await within(form).findByRole('radio', { name: 'Titik lokasi pelanggan tidak sesuai alamat' }));
  await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));
  return form;
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  act(() => useToastStore.setState({ toasts: [] }));
  useSentRequests.setState({ shipmentNos: [] });
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('return POD outside the radius (/retur/pod)', () => {
  it('offers the POD request: a form-encoded request of type retur, then it waits; the decision arrives live', async () => {
    let requests: ReturnType<typeof returnRequest>[] = [];
    const server = mockFetch()
      .on('GET', '/api/app-config', ok(appConfig()))
      .on('GET', DETAIL, ok(approvedDelivery()))
      .on('GET', MINE, () => ok({ items: requests }))
      .on('GET', '/api/pod/reasons/request', ok(requestReasons))
      .on('POST', POD, outside())
      .on('POST', '/api/pod/requests', () => {
        requests = [returnRequest()];
        return { status: 201, body: { message: 'Success', data: {} } };
      });
    stubGeolocation([FAR]);
    const user = userEvent.setup();
    renderReturnPod();
    await fillReceiver(user);
    await user.click(screen.getByRole('button', { name: 'Kirim POD Retur' }));

    // The refusal is next to the button, with the way on; the request form opens.
    expect(await screen.findByTestId('return-pod-blocked')).toHaveTextContent('Lokasi tidak sesuai: Lokasi Anda tidak berada di area pemesan. Ajukan POD retur ke kepala toko');
    const form = await screen.findByTestId('pod-request-form');
    expect(form).toHaveAttribute('data-type', 'retur');
    expect(form).toHaveTextContent('Ajukan POD Retur');
    // No reason chosen: said next to "Kirim Pengajuan", nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));
    expect(within(form).getByTestId('pod-request-alert')).toHaveTextContent('Pilih alasan pengajuan.');
    expect(server.callsTo('/api/pod/requests')).toHaveLength(0);
    await user.click(await within(form).findByRole('radio', { name: 'Titik lokasi pelanggan tidak sesuai alamat' }));
    await user.click(within(form).getByRole('button', { name: 'Kirim Pengajuan' }));

    await waitFor(() => expect(server.callsTo('/api/pod/requests')).toHaveLength(1));
    const call = server.callsTo('/api/pod/requests')[0]!;
    expect(Object.fromEntries(call.body as URLSearchParams)).toMatchObject({ shipmentNo: SHP, deliveryType: '1', type: 'retur', reasonId: '1', lat: String(FAR.latitude) });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    const state = await screen.findByTestId('pod-request-state');
    expect(state).toHaveAttribute('data-status', 'pending');
    expect(screen.queryByTestId('pod-request-form')).not.toBeInTheDocument();
    expect(server.callsTo(MINE).at(-1)!.url).toContain('type=retur');

    // Rejected on the kepala toko's phone: the reason reaches this open screen, with "Ajukan lagi".
    requests = [returnRequest({ status: 'rejected', decidedByName: 'Agus Setiawan', rejectReason: { id: 1, label: 'Foto kurang jelas', text: null, display: 'Foto kurang jelas' } })];
    act(() => emitEvent('pod.rejected', { shipmentNo: SHP, orderNo: 'AGF261120000555', requestId: 7, type: 'retur', deciderName: 'Agus Setiawan', requestedBy: 1, rejectReason: { id: 1, label: 'Foto kurang jelas', text: null, display: 'Foto kurang jelas' } }));
    await waitFor(() => expect(screen.getByTestId('pod-request-state')).toHaveAttribute('data-status', 'rejected'));
    expect(screen.getByTestId('pod-request-state')).toHaveTextContent('Pengajuan POD retur ditolak');
    expect(screen.getByTestId('pod-reject-reason')).toHaveTextContent('Foto kurang jelas');
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Pengajuan POD retur ${SHP} ditolak: Foto kurang jelas`);
    expect(screen.getByRole('button', { name: 'Ajukan lagi' })).toBeInTheDocument();
  }, 20_000);

  it('moves on live when the kepala toko approves: the return is collected and the screen goes to its detail', async () => {
    let detail = approvedDelivery();
    mockFetch()
      .on('GET', '/api/app-config', ok(appConfig()))
      .on('GET', DETAIL, () => ok(detail))
      .on('GET', MINE, ok({ items: [returnRequest()] }));
    renderReturnPod();
    expect(await screen.findByTestId('pod-request-state')).toHaveAttribute('data-status', 'pending');
    detail = returnDetail({ status: 'collected', deliveryType: 1, actions: ['receive'] });
    act(() => emitEvent('pod.approved', { shipmentNo: SHP, orderNo: 'AGF261120000555', requestId: 7, type: 'retur', deciderName: 'Agus Setiawan', distanceM: 348 }));
    act(() => emitEvent('return.collected', { shipmentNo: SHP, orderNo: 'AGF261120000555', returnId: 7, status: 'collected', actorName: 'Agus Setiawan', distanceM: 348 }));
    expect(await screen.findByText('detail retur')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/retur/detail/${SHP}/delivery`);
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Barang retur ${SHP} tercatat diambil.`);
  });

  it('a refused request says why next to its button and keeps the form', async () => {
    serveOutside(fail(422, 'POD_REQUEST_LOCATION_INVALID', 'Lokasi pengajuan POD tidak sesuai', [{ path: 'body.lat', message: 'Lokasi Anda 1,2 km dari titik pelanggan; pengajuan hanya sampai 1 km.' }]));
    const form = await requestFromFar();
    const alert = await within(form).findByTestId('pod-request-alert');
    expect(alert).toHaveTextContent('Koordinat tidak valid');
    expect(alert).toHaveTextContent('Pengajuan POD hanya dapat dilakukan di dekat lokasi pemesan.');
    expect(screen.getByTestId('pod-request-form')).toBeInTheDocument();
  });

  it('offline: the request is kept on the phone and said so; the form does not spin forever', async () => {
    const server = serveOutside('network-error');
    await requestFromFar();
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent(`Pengajuan POD ${SHP} disimpan di ponsel dan dikirim saat koneksi kembali.`), { timeout: 10_000 });
    expect(screen.queryByTestId('pod-request-form')).not.toBeInTheDocument();
    expect(server.callsTo('/api/pod/requests', 'POST').length).toBeGreaterThanOrEqual(1);
    expect(useSentRequests.getState().shipmentNos).toEqual([SHP]);
  }, 20_000);
});

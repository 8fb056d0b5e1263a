import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { closeModal } from '@/shared/modal/modal-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { appConfig, deliveryOrder, podRequestDetail, rejectReasons } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import PodRequestDetailPage from './pod-request-detail-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

/** The server: app-config (the radius the sketch draws) and what each test adds. */
const serve = (pod: Parameters<typeof appConfig>[0] = {}) => mockFetch().on('GET', '/api/app-config', ok(appConfig(pod)));

const SHP = 'SHP2611224355428';
const DETAIL = `/api/pod/requests/${SHP}/1/order`;
const APPROVE = `/api/pod/requests/${SHP}/approve`;
const REJECT = `/api/pod/requests/${SHP}/reject`;

function renderDetail(path = `/pengajuan-pod/detail/${SHP}/1/order`) {
  return renderPage([{ path: '/pengajuan-pod/detail/:shipmentNo/:deliveryType/:type?', element: <PodRequestDetailPage /> }], ['/list-pengajuan-pod', path]);
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  vi.mocked(signal).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('POD approval detail (/pengajuan-pod/detail)', () => {
  it('shows the crew member, reason, both positions with distance, direction and accuracy, and the time', async () => {
    serve().on('GET', DETAIL, ok(podRequestDetail()));
    renderDetail();
    expect(await screen.findByTestId('pod-requester')).toHaveTextContent('Budi Santoso (10000001)');
    expect(screen.getByTestId('pod-reason')).toHaveTextContent('Pelanggan meminta bertemu di lokasi lain');
    const positions = screen.getByTestId('pod-positions');
    expect(positions).toHaveTextContent('Posisi kru 348 m ke arah selatan dari titik pelanggan');
    expect(screen.getByTestId('pod-distance')).toHaveTextContent('348 m');
    expect(positions).toHaveTextContent('±12 m');
    expect(positions).toHaveTextContent('-6.256000, 106.821600');
    expect(positions).toHaveTextContent('-6.252874, 106.821662');
    expect(await within(positions).findByRole('img', { name: /Sketsa posisi/ })).toBeInTheDocument();
    expect(screen.getByTestId('bearing-arrow')).toHaveStyle({ transform: 'rotate(181.1deg)' });
    expect(screen.getByTestId('pod-detail-header')).toHaveTextContent('22 Nov 2026');
    expect(screen.getByTestId('pod-approve')).toBeEnabled();
    expect(screen.getByTestId('pod-reject')).toBeEnabled();
  });

  it('shows when the crew’s phone took the position, and how long before the request arrived when it was sent later', async () => {
    const position = { lat: -6.256, long: 106.8216, accuracy: 12 };
    // Taken offline at 09.14 WIB, received at 10.49 WIB (requestDate of the fixture).
    serve().on('GET', DETAIL, ok(podRequestDetail({ position: { ...position, capturedAt: '2026-11-22T02:14:27.000Z' } })));
    renderDetail();
    expect(await screen.findByTestId('pod-captured-at')).toHaveTextContent('22 Nov 2026, 09.14 WIB');
    expect(screen.getByTestId('pod-captured-before')).toHaveTextContent('95 menit sebelum pengajuan diterima');
  });

  it('says nothing of a delay for a position sent at once, and nothing of the capture for an older request without one', async () => {
    const position = { lat: -6.256, long: 106.8216, accuracy: 12 };
    serve().on('GET', DETAIL, (_c, n) => ok(podRequestDetail({ position: { ...position, capturedAt: n === 1 ? '2026-11-22T03:49:05.000Z' : null } })));
    const { queryClient } = renderDetail();
    expect(await screen.findByTestId('pod-captured-at')).toHaveTextContent('10.49 WIB');
    expect(screen.queryByTestId('pod-captured-before')).not.toBeInTheDocument();
    await act(() => queryClient.refetchQueries());
    await waitFor(() => expect(screen.queryByTestId('pod-captured-at')).not.toBeInTheDocument());
    expect(screen.getByTestId('pod-positions')).toHaveTextContent('±12 m');
  });

  it('draws the radius the server decides with (app-config), not a constant', async () => {
    serve({ radiusM: 250 }).on('GET', DETAIL, ok(podRequestDetail()));
    renderDetail();
    const sketch = await within(await screen.findByTestId('pod-positions')).findByRole('img', { name: /Sketsa posisi/ });
    expect(sketch).toHaveAccessibleName(/lingkaran radius 250 m, posisi kru 348 m ke arah selatan/);
  });

  it('approves after a confirmation, form-encoded with an Idempotency-Key, and shows the result', async () => {
    const approved = podRequestDetail({
      status: 'approved',
      orderStatusId: 1104,
      canDecide: false,
      decision: { status: 'approved', decidedAt: '2026-11-22T04:00:00.000Z', decidedBy: { nik: '20000001', name: 'Agus Setiawan' }, rejectReason: null },
    });
    const server = serve()
      .on('GET', DETAIL, (_c, n) => ok(n === 1 ? podRequestDetail() : approved))
      .on('POST', APPROVE, ok({ request: approved, order: deliveryOrder({ statusId: 1104 }) }));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('pod-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Setujui pengajuan POD?' });
    expect(dialog).toHaveTextContent(`Pesanan ${SHP} akan selesai dengan lokasi kru 348 m dari titik pelanggan.`);
    expect(server.callsTo(APPROVE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ya, setujui' }));

    const decision = await screen.findByTestId('pod-decision');
    expect(decision).toHaveTextContent('Disetujui');
    expect(decision).toHaveTextContent('Diputuskan oleh Agus Setiawan');
    expect(screen.queryByTestId('pod-approve')).not.toBeInTheDocument();
    expect(await screen.findByText(`Pengajuan POD ${SHP} disetujui. Pesanan selesai.`)).toBeInTheDocument();
    const call = server.callsTo(APPROVE)[0]!;
    expect(call.body).toBeInstanceOf(URLSearchParams);
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('shows a return POD request by the path\'s type (retur): the return\'s status, and approving it collects the goods', async () => {
    const RETUR = `/api/pod/requests/${SHP}/1/retur`;
    const pending = podRequestDetail({ type: 'retur', orderStatusId: 1104, returnStatus: 'approved' });
    const approved = podRequestDetail({
      type: 'retur',
      status: 'approved',
      orderStatusId: 1104,
      returnStatus: 'collected',
      canDecide: false,
      decision: { status: 'approved', decidedAt: '2026-11-22T04:00:00.000Z', decidedBy: { nik: '20000001', name: 'Agus Setiawan' }, rejectReason: null },
    });
    const server = serve()
      .on('GET', RETUR, (_c, n) => ok(n === 1 ? pending : approved))
      .on('POST', APPROVE, ok({ request: approved, order: deliveryOrder({ statusId: 1104 }) }));
    const user = userEvent.setup();
    renderDetail(`/pengajuan-pod/detail/${SHP}/1/retur`);
    expect(await screen.findByTestId('pod-detail-type')).toHaveTextContent('POD Retur');
    expect(screen.getByTestId('pod-return-status')).toHaveTextContent('Disetujui');
    await user.click(screen.getByTestId('pod-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Setujui pengajuan POD retur?' });
    expect(dialog).toHaveTextContent(`Barang retur ${SHP} tercatat diambil dengan lokasi kru 348 m dari titik pelanggan.`);
    await user.click(within(dialog).getByRole('button', { name: 'Ya, setujui' }));
    expect(await screen.findByText(`Pengajuan POD retur ${SHP} disetujui. Barang retur tercatat diambil.`)).toBeInTheDocument();
    expect(screen.getByTestId('pod-return-status')).toHaveTextContent('Diambil dari pelanggan');
    // The server decides only the type the kepala toko saw.
    expect(Object.fromEntries(server.callsTo(APPROVE)[0]!.body as URLSearchParams)).toEqual({ type: 'retur' });
  });

  it('rejects with a reason from the list; "Lainnya" needs a text', async () => {
    const rejected = podRequestDetail({
      status: 'rejected',
      canDecide: false,
      decision: {
        status: 'rejected',
        decidedAt: '2026-11-22T04:00:00.000Z',
        decidedBy: { nik: '20000001', name: 'Agus Setiawan' },
        rejectReason: { id: 0, label: 'Lainnya', text: 'Foto paket tidak ada', display: 'Foto paket tidak ada' },
      },
    });
    const server = serve()
      .on('GET', DETAIL, ok(podRequestDetail()))
      .on('GET', '/api/pod/reasons/reject', ok(rejectReasons))
      .on('POST', REJECT, ok({ request: rejected, order: deliveryOrder() }));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('pod-reject'));
    const form = screen.getByTestId('pod-reject-form');
    await user.click(within(form).getByRole('button', { name: 'Kirim Penolakan' }));
    expect(await within(form).findByText('Pilih alasan penolakan.')).toBeInTheDocument();
    await user.click(await within(form).findByRole('radio', { name: 'Lainnya' }));
    await user.click(within(form).getByRole('button', { name: 'Kirim Penolakan' }));
    expect(await within(form).findByText('Tuliskan alasan penolakan untuk pilihan Lainnya (minimal 3 huruf).')).toBeInTheDocument();
    expect(server.callsTo(REJECT)).toHaveLength(0);
    await user.type(within(form).getByLabelText('Tulis alasan'), 'Foto paket tidak ada');
    await user.click(within(form).getByRole('button', { name: 'Kirim Penolakan' }));

    await waitFor(() => expect(server.callsTo(REJECT)).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo(REJECT)[0]!.body as URLSearchParams)).toEqual({ rejectReasonId: '0', rejectReasonText: 'Foto paket tidak ada', type: 'order' });
    expect(await screen.findByTestId('pod-decision-reason')).toHaveTextContent('Foto paket tidak ada');
    expect(screen.queryByTestId('pod-reject-form')).not.toBeInTheDocument();
  });

  it('"Approval POD Sudah Dilakukan." is shown inline and the detail reloads', async () => {
    const decided = podRequestDetail({ status: 'rejected', canDecide: false, decision: { status: 'rejected', decidedAt: '2026-11-22T04:00:00.000Z', decidedBy: { nik: '30000001', name: 'Rina Area' }, rejectReason: { id: 1, label: 'Lokasi terlalu jauh dari alamat pelanggan', text: null, display: 'Lokasi terlalu jauh dari alamat pelanggan' } } });
    const server = serve()
      .on('GET', DETAIL, (_c, n) => ok(n === 1 ? podRequestDetail() : decided))
      .on('POST', APPROVE, fail(409, 'POD_ALREADY_DECIDED', 'Approval POD Sudah Dilakukan.'));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('pod-approve'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, setujui' }));
    expect(await screen.findByTestId('pod-decision-notice')).toHaveTextContent('Approval POD Sudah Dilakukan.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('pod-decision')).toHaveTextContent('Diputuskan oleh Rina Area');
    expect(server.callsTo(DETAIL)).toHaveLength(2);
    expect(signal).toHaveBeenCalledWith('error');
  });

  it('other failures open the approval error modal, which leads back to the queue (err-pod-approval)', async () => {
    serve().on('GET', DETAIL, ok(podRequestDetail())).on('POST', APPROVE, fail(422, 'POD_ORDER_IN_RETURN', 'Order sedang dalam pengajuan retur'));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('pod-approve'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, setujui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hmm, ada yang tidak beres…' });
    expect(dialog).toHaveTextContent('Order sedang dalam pengajuan retur');
    // err-pod-approval: no "Error:" prefix.
    expect(dialog.textContent).not.toContain('Error:');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-pengajuan-pod');
  });

  it('shows a request closed by the system without decision buttons', async () => {
    serve().on('GET', DETAIL, ok(podRequestDetail({ status: 'approved', canDecide: false, decision: { status: 'approved', decidedAt: null, decidedBy: null, rejectReason: null } })));
    renderDetail();
    expect(await screen.findByTestId('pod-decision')).toHaveTextContent('Ditutup oleh sistem');
    expect(screen.queryByTestId('pod-approve')).not.toBeInTheDocument();
  });

  it('tells staff they have no access', async () => {
    serve().on('GET', DETAIL, fail(403, 'FORBIDDEN', 'Anda tidak memiliki akses untuk tindakan ini.'));
    renderDetail();
    expect(await screen.findByText('Anda tidak memiliki akses')).toBeInTheDocument();
  });

  it('says when the order has no request', async () => {
    serve().on('GET', DETAIL, fail(404, 'POD_REQUEST_NOT_FOUND', 'Pengajuan POD tidak ditemukan.'));
    renderDetail();
    expect(await screen.findByText('Pengajuan tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar' })).toHaveAttribute('href', '/list-pengajuan-pod');
  });
});

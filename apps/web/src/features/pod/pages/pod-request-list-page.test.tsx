import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { useFilterStore } from '@/shared/stores/filter-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { podRequestList, podRequestSummary } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import PodLiveUpdates from '../components/pod-live-updates';
import PodRequestListPage from './pod-request-list-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const LIST = '/api/pod/requests';
const COUNT = '/api/pod/requests/count';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderQueue(initial = '/list-pengajuan-pod', { live = false } = {}) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            {live ? <PodLiveUpdates canDecide /> : null}
          </>
        ),
        children: [
          { path: '/list-pengajuan-pod', element: <PodRequestListPage /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
}

const query = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

beforeEach(() => {
  resetClientStateForTests();
  useFilterStore.getState().clearFilters();
  vi.mocked(signal).mockClear();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('POD request queue (/list-pengajuan-pod)', () => {
  it('loads the pending requests with a skeleton first, then cards linking to their detail', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = mockFetch()
      .on('GET', LIST, async () => {
        await gate;
        return ok(podRequestList([podRequestSummary(), podRequestSummary({ id: 8, shipmentNo: 'SHP2611229288088', customerName: 'Zaenab Laksita', distanceM: 469 })]));
      })
      .on('GET', COUNT, ok({ pending: 2, storeCode: null }));
    renderQueue();
    expect(await screen.findByTestId('pod-list-loading')).toBeInTheDocument();
    release();
    const card = await screen.findByTestId('pod-request-SHP2611224355428');
    expect(card).toHaveAttribute('href', '/pengajuan-pod/detail/SHP2611224355428/1/order');
    expect(card).toHaveTextContent('Puput Juwita');
    expect(card).toHaveTextContent('Pelanggan meminta bertemu di lokasi lain');
    expect(card).toHaveTextContent('Diajukan oleh Budi Santoso');
    expect(card).toHaveTextContent('348 m dari titik pelanggan');
    expect(screen.getByTestId('pod-request-SHP2611229288088')).toHaveTextContent('469 m');
    expect(screen.getByTestId('pod-list-total')).toHaveTextContent('2 pengajuan');
    expect(screen.getByTestId('pod-tab-pending-count')).toHaveTextContent('2');
    expect(query(server.callsTo(LIST)[0]!)).toEqual({ status: 'pending', page: '1', size: '20' });
  });

  it('switches the status tab (Disetujui, Ditolak) and asks the server for that status', async () => {
    const server = mockFetch()
      .on('GET', LIST, (call) =>
        ok(podRequestList(query(call).status === 'rejected' ? [podRequestSummary({ status: 'rejected', rejectReason: { id: 1, label: 'Lokasi terlalu jauh dari alamat pelanggan', text: null, display: 'Lokasi terlalu jauh dari alamat pelanggan' } })] : [])),
      )
      .on('GET', COUNT, ok({ pending: 0, storeCode: null }));
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('Tidak ada pengajuan POD yang menunggu keputusan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ditolak' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-pengajuan-pod?status=rejected');
    const card = await screen.findByTestId('pod-request-SHP2611224355428');
    expect(card).toHaveTextContent('Ditolak');
    expect(card).toHaveTextContent('Alasan penolakan: Lokasi terlalu jauh dari alamat pelanggan');
    expect(screen.getByRole('button', { name: 'Ditolak' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.filter((c) => c.path === LIST).map((c) => query(c).status)).toEqual(['pending', 'rejected']);
  });

  it('opened for one store (?storeCode=, from a count of that store): lists and counts that store alone, across tabs, until the chip is cleared', async () => {
    const server = mockFetch()
      .on('GET', LIST, ok(podRequestList([podRequestSummary()])))
      .on('GET', COUNT, ok({ pending: 1, storeCode: 'T002' }));
    const user = userEvent.setup();
    renderQueue('/list-pengajuan-pod?storeCode=T002');
    await screen.findByTestId('pod-list');
    expect(query(server.callsTo(LIST)[0]!)).toMatchObject({ status: 'pending', storeCode: 'T002' });
    expect(query(server.callsTo(COUNT)[0]!)).toEqual({ storeCode: 'T002' });
    expect(screen.getByTestId('pod-tab-pending-count')).toHaveTextContent('1');
    expect(screen.getByTestId('pod-active-filters')).toHaveTextContent('Toko T002');
    await user.click(screen.getByTestId('pod-tab-approved'));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-pengajuan-pod?status=approved&storeCode=T002');
    await waitFor(() => expect(query(server.callsTo(LIST).at(-1)!)).toMatchObject({ status: 'approved', storeCode: 'T002' }));
    await user.click(within(screen.getByTestId('pod-active-filters')).getByRole('button', { name: 'Hapus filter' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/\/list-pengajuan-pod\?status=approved$/);
    await waitFor(() => expect(query(server.callsTo(LIST).at(-1)!).storeCode).toBeUndefined());
  });

  it('filters by date range and shipmentNo (saved in the filter store) and shows the order the server used', async () => {
    const server = mockFetch()
      .on('GET', LIST, (call) => ok(podRequestList([podRequestSummary()], { sort: query(call).startDate && query(call).endDate ? 'asc' : 'desc' })))
      .on('GET', COUNT, ok({ pending: 1, storeCode: null }));
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByTestId('pod-list-sort')).toHaveTextContent('Terbaru dulu');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = screen.getByTestId('pod-filter');
    // The end may not come before the start.
    await user.type(within(panel).getByLabelText('Dari tanggal'), '2026-11-22');
    await user.type(within(panel).getByLabelText('Sampai tanggal'), '2026-11-20');
    await user.click(within(panel).getByRole('button', { name: 'Terapkan' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Tanggal akhir tidak boleh sebelum tanggal awal.');
    await user.clear(within(panel).getByLabelText('Sampai tanggal'));
    await user.type(within(panel).getByLabelText('Sampai tanggal'), '2026-11-23');
    await user.type(within(panel).getByLabelText('No. shipment'), ' shp26112 ');
    await user.click(within(panel).getByRole('button', { name: 'Terapkan' }));

    await waitFor(() => expect(screen.getByTestId('pod-list-sort')).toHaveTextContent('Terlama dulu'));
    expect(useFilterStore.getState()).toMatchObject({ startDate: '2026-11-22', endDate: '2026-11-23', query: 'shp26112' });
    expect(query(server.callsTo(LIST).at(-1)!)).toMatchObject({ startDate: '2026-11-22', endDate: '2026-11-23', shipmentNo: 'shp26112' });
    expect(screen.getByTestId('pod-active-filters')).toHaveTextContent('“shp26112”');
    await user.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(useFilterStore.getState()).toMatchObject({ startDate: null, endDate: null, query: '' });
  });

  it('says when filters hide every request, with a way to clear them', async () => {
    useFilterStore.getState().setFilters({ query: 'SHP999' });
    mockFetch().on('GET', LIST, ok(podRequestList([]))).on('GET', COUNT, ok({ pending: 0, storeCode: null }));
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('Tidak ada pengajuan yang cocok dengan filter.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Hapus filter' }).at(-1)!);
    expect(useFilterStore.getState().query).toBe('');
  });

  it('shows a failed load with the server message and a retry', async () => {
    const server = mockFetch()
      .on('GET', LIST, (_c, n) => (n === 1 ? fail(400, 'VALIDATION_FAILED', 'Tanggal akhir tidak boleh sebelum tanggal awal') : ok(podRequestList([podRequestSummary()]))))
      .on('GET', COUNT, ok({ pending: 1, storeCode: null }));
    const user = userEvent.setup();
    renderQueue();
    expect(await screen.findByText('Daftar pengajuan POD gagal dimuat.')).toBeInTheDocument();
    expect(screen.getByText('Tanggal akhir tidak boleh sebelum tanggal awal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('pod-request-SHP2611224355428')).toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it('tells staff they have no access (403), without tabs or filters', async () => {
    mockFetch().on('GET', LIST, fail(403, 'FORBIDDEN', 'Anda tidak memiliki akses untuk tindakan ini.')).on('GET', COUNT, fail(403, 'FORBIDDEN', 'x'));
    renderQueue();
    expect(await screen.findByText('Anda tidak memiliki akses')).toBeInTheDocument();
    expect(screen.getByText('Pengajuan POD hanya dapat dibuka oleh kepala toko dan atasannya.')).toBeInTheDocument();
    expect(screen.queryByTestId('pod-tabs')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
  });

  it('a new request arrives live: a banner with a sound, and the list shows it at once', async () => {
    let items = [podRequestSummary()];
    mockFetch()
      .on('GET', LIST, () => ok(podRequestList(items)))
      .on('GET', COUNT, () => ok({ pending: items.length, storeCode: null }));
    const user = userEvent.setup();
    renderQueue('/list-pengajuan-pod', { live: true });
    await screen.findByTestId('pod-request-SHP2611224355428');

    items = [podRequestSummary({ id: 9, shipmentNo: 'SHP2611217057790', customerName: 'Rudi Hartono', requesterName: 'Sinta' }), ...items];
    emitEvent('pod.requested', {
      shipmentNo: 'SHP2611217057790',
      orderNo: 'AMD261121000777',
      requestId: 9,
      deliveryType: 1,
      type: 'order',
      requesterName: 'Sinta',
      reason: 'Pelanggan di kantor',
      distanceM: 348.2,
    });
    const banner = await screen.findByTestId('pod-request-banner');
    expect(banner).toHaveTextContent('Pengajuan POD baru');
    expect(banner).toHaveTextContent('SHP2611217057790 · Sinta');
    expect(signal).toHaveBeenCalledWith('new-order');
    expect(await screen.findByTestId('pod-request-SHP2611217057790')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pod-tab-pending-count')).toHaveTextContent('2'));

    await user.click(within(banner).getByRole('button', { name: /Pengajuan POD baru/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/pengajuan-pod/detail/SHP2611217057790/1/order');
  });
});

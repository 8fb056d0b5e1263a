import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MonitoringTile, type MonitoringTileStores, type RoleId } from '@gerai/contract';
import { useFilterStore } from '@/shared/stores/filter-store';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { lateList, lateOrder, monitoring, status, storeRow, storeRows } from '../monitoring-test-kit';
import { API, query, renderMonitoring, setUpMonitoringPageTests } from './monitoring-page-test-kit';

setUpMonitoringPageTests();

describe('monitoring (/monitoring)', () => {
  it('shows a skeleton, then the figures: counts, the oldest against the service level, late highlighted', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = mockFetch().on('GET', API, async () => {
      await gate;
      return ok(monitoring());
    });
    renderMonitoring();
    expect(await screen.findByTestId('monitoring-loading')).toBeInTheDocument();
    release();

    const baru = await screen.findByTestId('monitoring-status-1101');
    expect(baru).toHaveAttribute('data-late', 'true');
    expect(within(baru).getByTestId('monitoring-status-1101-count')).toHaveTextContent('2');
    expect(baru).toHaveTextContent('Tertua 25 mnt');
    expect(baru).toHaveTextContent('batas 10 mnt');
    expect(within(baru).getByTestId('monitoring-status-1101-late')).toHaveTextContent('Terlambat 1');

    const picking = screen.getByTestId('monitoring-status-1102');
    expect(picking).toHaveAttribute('data-late', 'false');
    expect(picking).toHaveTextContent('Tertua 5 mnt');
    expect(picking).toHaveTextContent('batas 30 mnt');
    expect(screen.getByTestId('monitoring-status-1103')).toHaveTextContent('Tidak ada');
    expect(screen.getByTestId('monitoring-status-1103')).toHaveTextContent('batas 2 j');
    expect(screen.getByTestId('monitoring-status-1104-count')).toHaveTextContent('4');
    expect(screen.getByTestId('monitoring-status-1106-count')).toHaveTextContent('1');
    // The crew and the kepala toko see their store: no filter, no rows per store, no store asked for.
    expect(screen.queryByTestId('monitoring-store-filter')).not.toBeInTheDocument();
    expect(screen.queryByTestId('monitoring-stores')).not.toBeInTheDocument();
    expect(query(server.callsTo(API)[0]!)).toEqual({});
  });

  it('in one store (the active one): each tile and waiting row opens the list of exactly what it counts, without saved filters', async () => {
    mockFetch().on('GET', API, ok(monitoring()));
    const user = userEvent.setup();
    useFilterStore.getState().setFilters({ startDate: '2026-03-01', query: 'SHP', appId: 379 });
    renderMonitoring();
    const pod = await screen.findByTestId('monitoring-waiting-podApprovals');
    // The POD queue covers every store of the caller: the store goes in its URL.
    expect(pod).toHaveAttribute('href', '/list-pengajuan-pod?storeCode=T001');
    expect(pod).toHaveAccessibleName(/^Pengajuan POD tertua 1 j 5 mnt 1 ?, buka daftarnya$/);
    expect(pod).toHaveTextContent('tertua 1 j 5 mnt');
    expect(screen.getByTestId('monitoring-waiting-podApprovals-count')).toHaveTextContent('1');
    expect(screen.getByTestId('monitoring-waiting-cancelRequests')).toHaveAttribute('href', '/request-cancel');
    expect(screen.getByTestId('monitoring-waiting-cancelRequests')).toHaveTextContent('tidak ada');
    // A row per open return status, each opening that status's list.
    expect(screen.getByTestId('monitoring-waiting-returnsRequested')).toHaveAttribute('href', '/retur/list/requested');
    expect(screen.getByTestId('monitoring-waiting-returnsRequested')).toHaveAccessibleName(/^Retur diajukan .* 1 ?, buka daftarnya$/);
    expect(screen.getByTestId('monitoring-waiting-returnsRequested')).toHaveTextContent('tertua 3 j');
    expect(screen.getByTestId('monitoring-waiting-returnsApproved')).toHaveAttribute('href', '/retur/list/approved');
    expect(screen.getByTestId('monitoring-waiting-returnsApproved-count')).toHaveTextContent('2');
    expect(screen.getByTestId('monitoring-waiting-returnsCollected')).toHaveAttribute('href', '/retur/list/collected');
    expect(screen.getByTestId('monitoring-waiting-returnsReceived')).toHaveAttribute('href', '/retur/list/received');
    expect(screen.getByTestId('monitoring-waiting-bookings')).toHaveAttribute('href', '/booking-list-product?status=1131');
    expect(screen.getByTestId('monitoring-waiting-transfers')).toHaveAttribute('href', '/mat-in-new');
    // Orders per status open that status's order list.
    expect(screen.getByTestId('monitoring-status-1101')).toHaveAttribute('href', '/order');
    expect(screen.getByTestId('monitoring-status-1101')).toHaveAccessibleName(/^Baru.* 2.*, buka daftarnya$/);
    expect(screen.getByTestId('monitoring-status-1102')).toHaveAttribute('href', '/list-packing');
    expect(screen.getByTestId('monitoring-status-1103')).toHaveAttribute('href', '/list-proses');
    expect(screen.getByTestId('monitoring-status-1104')).toHaveAttribute('href', '/list-done');
    expect(screen.getByTestId('monitoring-status-1106')).toHaveAttribute('href', '/list-cancel');
    await user.click(screen.getByTestId('monitoring-status-1102'));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-packing');
    expect(useFilterStore.getState()).toMatchObject({ startDate: null, query: '', appId: null });
  });

  it('the crew sees the POD figure without a link: the queue is the kepala toko’s', async () => {
    mockFetch().on('GET', API, ok(monitoring()));
    renderMonitoring({ roleId: 1 as RoleId });
    const pod = await screen.findByTestId('monitoring-waiting-podApprovals');
    expect(pod.tagName).toBe('DIV');
    expect(pod).not.toHaveAttribute('href');
    expect(screen.getByTestId('monitoring-waiting-returnsRequested')).toHaveAttribute('href', '/retur/list/requested');
  });

  it('one store of the area that is not the active one: a tile makes it active on the way to its list (the POD queue takes it in the URL)', async () => {
    const openInStore = vi.fn();
    mockFetch().on('GET', API, ok(monitoring({ store: { storeCode: 'T002', storeName: 'Toko Tebet Barat' } })));
    const user = userEvent.setup();
    renderMonitoring({ multiStore: true, roleId: 3 as RoleId, activeStoreCode: 'T001', openInStore, at: '/monitoring?storeCode=T002' });
    const returns = await screen.findByTestId('monitoring-waiting-returnsRequested');
    expect(returns.tagName).toBe('BUTTON');
    expect(returns).toHaveAccessibleName(/^Retur diajukan .* 1 ?, buka daftarnya di T002 \(menjadi toko aktif\)$/);
    await user.click(returns);
    expect(openInStore).toHaveBeenCalledWith('T002', '/retur/list/requested');
    await user.click(screen.getByTestId('monitoring-status-1101'));
    expect(openInStore).toHaveBeenLastCalledWith('T002', '/order');
    expect(screen.getByTestId('monitoring-waiting-podApprovals')).toHaveAttribute('href', '/list-pengajuan-pod?storeCode=T002');
  });

  it('over several stores a tile opens its stores, whose counts add up to it, each opening that store’s list', async () => {
    const openInStore = vi.fn();
    const storesOf: Partial<Record<MonitoringTileStores['tile'], MonitoringTileStores['stores']>> = {
      returnsRequested: [
        { storeCode: 'T002', storeName: 'Toko Tebet Barat', count: 3 },
        { storeCode: 'T001', storeName: 'Toko Kemang Raya', count: 1 },
      ],
      'status-1101': [{ storeCode: 'T001', storeName: 'Toko Kemang Raya', count: 2 }],
    };
    const waiting = monitoring().waiting.map((w) => (w.kind === 'returnsRequested' ? { ...w, count: 4 } : w));
    const fetches = mockFetch()
      .on('GET', API, ok(monitoring({ storeCount: 10, store: null, waiting })))
      .on('GET', `${API}/stores`, ok(storeRows([storeRow(), storeRow({ storeCode: 'T002', storeName: 'Toko Tebet Barat' })], 10)))
      .on('GET', /^\/api\/monitoring\/tiles\//, (call) => {
        const tile = call.path.split('/').at(-1) as MonitoringTile;
        return ok({ tile, storeTotal: storesOf[tile]?.length ?? 0, stores: storesOf[tile] ?? [] } satisfies MonitoringTileStores);
      });
    const user = userEvent.setup();
    renderMonitoring({ multiStore: true, roleId: 3 as RoleId, activeStoreCode: 'T001', openInStore });

    const returns = await screen.findByTestId('monitoring-waiting-returnsRequested');
    expect(returns).toHaveAccessibleName(/^Retur diajukan .* 4 ?, lihat per toko$/);
    expect(returns).toHaveAttribute('aria-expanded', 'false');
    expect(returns).not.toHaveAttribute('href');
    // The figures come without any tile's stores: those are asked for when a tile is opened.
    expect(fetches.calls.filter((c) => c.path.startsWith('/api/monitoring/tiles/'))).toEqual([]);
    await user.click(returns);
    expect(returns).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByTestId('monitoring-tile-stores-returnsRequested');
    expect(await within(panel).findByTestId('monitoring-tile-stores-returnsRequested-total')).toHaveTextContent('4');
    expect(fetches.calls.filter((c) => c.path.startsWith('/api/monitoring/tiles/')).map((c) => c.path)).toEqual(['/api/monitoring/tiles/returnsRequested']);
    expect(within(panel).getByTestId('monitoring-tile-store-returnsRequested-T002-count')).toHaveTextContent('3');
    // The active store's list opens at once; another store's after it becomes the active one.
    expect(within(panel).getByTestId('monitoring-tile-store-returnsRequested-T001')).toHaveAttribute('href', '/retur/list/requested');
    await user.click(within(panel).getByTestId('monitoring-tile-store-returnsRequested-T002'));
    expect(openInStore).toHaveBeenCalledWith('T002', '/retur/list/requested');

    // One tile's stores at a time: a status tile's replace them, under the tiles.
    await user.click(screen.getByTestId('monitoring-status-1101'));
    expect(screen.queryByTestId('monitoring-tile-stores-returnsRequested')).not.toBeInTheDocument();
    const orders = screen.getByTestId('monitoring-tile-stores-status-1101');
    expect(await within(orders).findByTestId('monitoring-tile-store-status-1101-T001')).toHaveAttribute('href', '/order');
    await user.click(screen.getByTestId('monitoring-status-1101'));
    expect(screen.queryByTestId('monitoring-tile-stores-status-1101')).not.toBeInTheDocument();
  });

  it('lists the late orders with store, channel, status, age against the service level, escalation and picker, each opening its detail', async () => {
    const late = [
      lateOrder(),
      lateOrder({ shipmentNo: 'SHP2603020000002', statusId: 1102, deliveryType: 1, appId: 91, ageMinutes: 95, slaMinutes: 30, escalationLevel: 0, pickerName: 'Budi Santoso' }),
    ];
    mockFetch().on('GET', API, ok(monitoring({ lateTotal: 2 }))).on('GET', `${API}/late`, ok(lateList(late)));
    const user = userEvent.setup();
    renderMonitoring();
    const first = await screen.findByTestId('late-order-SHP2603020000001');
    expect(screen.getByTestId('monitoring-late-total')).toHaveTextContent('2 pesanan');
    expect(first).toHaveAttribute('href', '/order/detail/1101/SHP2603020000001/pickup');
    expect(first).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(first).toHaveTextContent('Alfagift · Baru');
    expect(within(first).getByTestId('late-order-age')).toHaveTextContent('25 mnt · batas 10 mnt');
    expect(within(first).getByTestId('late-order-escalation')).toHaveTextContent('Eskalasi 2 · Kepala Toko');
    expect(first).toHaveTextContent('Belum diambil');

    const second = screen.getByTestId('late-order-SHP2603020000002');
    expect(second).toHaveAttribute('href', '/order/detail/1102/SHP2603020000002/delivery');
    expect(second).toHaveTextContent('Alfamind · Picking');
    expect(within(second).getByTestId('late-order-age')).toHaveTextContent('1 j 35 mnt · batas 30 mnt');
    expect(within(second).queryByTestId('late-order-escalation')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Diambil Budi Santoso');

    await user.click(first);
    expect(screen.getByTestId('where')).toHaveTextContent('/order/detail/1101/SHP2603020000001/pickup');
  });

  it('says when nothing is late, and when the late list is capped', async () => {
    const server = mockFetch()
      .on('GET', API, (_c, n) =>
        n === 1
          ? ok(monitoring({ totals: [status(1101, 1, { oldestMinutes: 2 }), status(1102, 0), status(1103, 0), status(1104, 0), status(1106, 0)], lateTotal: 0 }))
          : ok(monitoring({ lateTotal: 60 })),
      )
      .on('GET', `${API}/late`, ok(lateList(Array.from({ length: 7 }, (_, i) => lateOrder({ shipmentNo: `SHP26030200000${10 + i}` })))));
    const user = userEvent.setup();
    renderMonitoring();
    expect(await screen.findByText('Tidak ada pesanan terlambat')).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-status-1101')).toHaveAttribute('data-late', 'false');
    expect(screen.queryByTestId('monitoring-late-total')).not.toBeInTheDocument();
    // Nothing late: the list is not asked for.
    expect(server.callsTo(`${API}/late`)).toHaveLength(0);

    await user.click(screen.getByTestId('monitoring-refresh'));
    await waitFor(() => expect(server.callsTo(API)).toHaveLength(2));
    expect(await screen.findByTestId('monitoring-late-capped')).toHaveTextContent('Menampilkan 7 dari 60 pesanan');
    // Five first, the rest on request, so the rest of the screen stays within reach.
    expect(within(screen.getByTestId('monitoring-late-list')).getAllByRole('listitem')).toHaveLength(5);
    await user.click(screen.getByTestId('monitoring-late-toggle'));
    expect(within(screen.getByTestId('monitoring-late-list')).getAllByRole('listitem')).toHaveLength(7);
  });

  it('shows a failed load with the server message and a retry', async () => {
    const server = mockFetch().on('GET', API, (_c, n) => (n === 1 ? fail(403, 'FORBIDDEN', 'Anda tidak memiliki akses.') : ok(monitoring())));
    const user = userEvent.setup();
    renderMonitoring();
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Monitoring gagal dimuat.');
    await user.click(within(error).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('monitoring-status-1101')).toBeInTheDocument();
    expect(server.callsTo(API).length).toBeGreaterThanOrEqual(2);
  });
});

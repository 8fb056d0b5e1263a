import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { GENERATED_AT, monitoring, status, storeRow, storeRows } from '../monitoring-test-kit';
import { LIVE_REFETCH_GAP_MS } from '../hooks/use-monitoring-live';
import { API, query, renderMonitoring, created, setUpMonitoringPageTests } from './monitoring-page-test-kit';
import { stubIntersectionObserver } from '../../../test/intersection-observer';

setUpMonitoringPageTests();

afterEach(() => vi.unstubAllGlobals());

describe('monitoring (/monitoring)', () => {
  it('for several stores: "Semua toko", each store as a row (late highlighted), a row or the picker narrows to one store', async () => {
    const stores = [storeRow(), storeRow({ storeCode: 'T002', storeName: 'Toko Tebet Barat', late: 0, waiting: 0, statuses: [status(1101, 1, { oldestMinutes: 3 })] })];
    const server = mockFetch()
      .on('GET', API, (call) => {
        const storeCode = query(call).storeCode;
        if (storeCode === 'T002') return ok(monitoring({ storeCount: 1, store: { storeCode: 'T002', storeName: 'Toko Tebet Barat' }, lateTotal: 0 }));
        if (storeCode === 'T003') return ok(monitoring({ storeCount: 1, store: { storeCode: 'T003', storeName: 'Toko Bangka Indah' } }));
        return ok(monitoring({ storeCount: 12, store: null }));
      })
      .on('GET', `${API}/stores`, ok(storeRows(stores, 12)));
    const user = userEvent.setup();
    renderMonitoring({ multiStore: true });

    await waitFor(() => expect(screen.getByTestId('monitoring-store-filter-value')).toHaveTextContent('Semua toko · 12 toko'));
    const rows = screen.getByTestId('monitoring-stores');
    await within(rows).findByTestId('monitoring-store-T001');
    expect(within(rows).getByTestId('monitoring-store-T001')).toHaveAttribute('data-late', 'true');
    expect(within(rows).getByTestId('monitoring-store-T001')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(within(rows).getByTestId('monitoring-store-T001')).toHaveTextContent('Baru 2 · Picking 1 · Proses 0');
    expect(within(rows).getByTestId('monitoring-store-T001')).toHaveTextContent('1 terlambat');
    expect(within(rows).getByTestId('monitoring-store-T001')).toHaveTextContent('2 menunggu');
    expect(within(rows).getByTestId('monitoring-store-T002')).toHaveAttribute('data-late', 'false');
    expect(screen.getByTestId('monitoring-stores-capped')).toHaveTextContent('Menampilkan 2 dari 12 toko');

    // A row shows that store alone.
    await user.click(within(rows).getByTestId('monitoring-store-T002'));
    expect(screen.getByTestId('where')).toHaveTextContent('/monitoring?storeCode=T002');
    await waitFor(() => expect(screen.getByTestId('monitoring-store-filter-value')).toHaveTextContent('T002 · Toko Tebet Barat'));
    expect(await screen.findByText('Tidak ada pesanan terlambat')).toBeInTheDocument();
    expect(screen.queryByTestId('monitoring-stores')).not.toBeInTheDocument();
    expect(query(server.callsTo(API).at(-1)!)).toEqual({ storeCode: 'T002' });

    // The picker: another store, then every store again.
    await user.click(screen.getByTestId('monitoring-store-filter-toggle'));
    expect(screen.getByTestId('fake-picker')).toHaveAttribute('data-selected', 'T002');
    await user.click(screen.getByRole('button', { name: 'T003' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/monitoring?storeCode=T003');
    await waitFor(() => expect(query(server.callsTo(API).at(-1)!)).toEqual({ storeCode: 'T003' }));
    expect(screen.queryByTestId('fake-picker')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('monitoring-store-filter-clear'));
    expect(screen.getByTestId('where')).toHaveTextContent(/\/monitoring$/);
    expect(await screen.findByTestId('monitoring-stores')).toBeInTheDocument();
  });

  it('"Per toko" is asked for only when it comes near the screen, keeps its place meanwhile, and says when it fails', async () => {
    const watched = stubIntersectionObserver();
    let failing = true;
    const server = mockFetch()
      .on('GET', API, ok(monitoring({ storeCount: 12, store: null })))
      .on('GET', `${API}/stores`, () => (failing ? fail(500, 'INTERNAL', 'Terjadi kesalahan.') : ok(storeRows([storeRow()], 12))));
    const user = userEvent.setup();
    renderMonitoring({ multiStore: true });
    await screen.findByTestId('monitoring-status-1101');
    // Under the fold: its place is kept, nothing asked for.
    expect(screen.getByTestId('monitoring-stores-loading')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo(`${API}/stores`)).toHaveLength(0);
    // Scrolled near it: asked for once; a failure says so in Indonesian and offers a retry.
    act(() => watched.find((w) => w.el === screen.getByTestId('monitoring-stores-section'))!.enter());
    expect(await screen.findByText('Daftar per toko gagal dimuat.', {}, { timeout: 5_000 })).toBeInTheDocument();
    failing = false;
    await user.click(within(screen.getByTestId('monitoring-stores')).getByRole('button'));
    expect(await screen.findByTestId('monitoring-store-T001')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(screen.getByTestId('monitoring-stores-capped')).toHaveTextContent('Menampilkan 1 dari 12 toko');
  });

  it('a store outside the scope (404) says so and offers every store again', async () => {
    mockFetch().on('GET', API, (call) => (query(call).storeCode ? fail(404, 'NOT_FOUND', 'Data tidak ditemukan.') : ok(monitoring({ storeCount: 10 }))));
    const user = userEvent.setup();
    renderMonitoring({ multiStore: true, at: '/monitoring?storeCode=T999' });
    expect(await screen.findByText('Data tidak ditemukan.')).toBeInTheDocument();
    await user.click(screen.getByTestId('monitoring-show-all'));
    expect(await screen.findByTestId('monitoring-status-1101')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/\/monitoring$/);
  });

  it('refetches on a live event of its scope, at most once a second for a burst, and ignores other stores when narrowed', async () => {
    // The clock is driven by the test: "no read within the gap" is then exact, not a real wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const server = mockFetch().on('GET', API, ok(monitoring()));
    renderMonitoring({ multiStore: true, at: '/monitoring?storeCode=T001' });
    await screen.findByTestId('monitoring-status-1101');
    expect(server.callsTo(API)).toHaveLength(1);

    emitEvent('order.created', { ...created, shipmentNo: 'SHP-A', storeCode: 'T001' });
    await waitFor(() => expect(server.callsTo(API)).toHaveLength(2));
    // A burst right after: one more read, at the end of the second.
    emitEvent('order.claimed', { shipmentNo: 'SHP-A', statusId: 1102, action: 'claim', actorName: 'Budi Santoso', storeCode: 'T001' } as never);
    emitEvent('pod.requested', { shipmentNo: 'SHP-B', storeCode: 'T001' } as never);
    emitEvent('order.escalated', { shipmentNo: 'SHP-A', orderNo: 'AGF1', appId: 379, deliveryType: 0, statusId: 1101, level: 1, ageMinutes: 10, storeCode: 'T001' });
    expect(server.callsTo(API)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFETCH_GAP_MS));
    await waitFor(() => expect(server.callsTo(API)).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(2 * LIVE_REFETCH_GAP_MS));
    expect(server.callsTo(API)).toHaveLength(3);

    // Another store's event changes nothing on a screen narrowed to T001.
    emitEvent('order.created', { ...created, shipmentNo: 'SHP-C', storeCode: 'T002' });
    await act(() => vi.advanceTimersByTimeAsync(2 * LIVE_REFETCH_GAP_MS));
    expect(server.callsTo(API)).toHaveLength(3);
  });

  it('an order passing its service level turns late on screen without a reload, measured on the server clock', async () => {
    // The phone's clock is an hour wrong: only the time since the reply counts.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(GENERATED_AT) + 60 * 60_000);
    const serverClock = () => Date.now() - 60 * 60_000;
    const oldestAt = new Date(serverClock() - 9.5 * 60_000).toISOString();
    const totals = (late: number) => [{ statusId: 1101, count: 1, late, oldestAt }, status(1102, 0), status(1103, 0), status(1104, 0), status(1106, 0)];
    let serverLate = 0;
    const server = mockFetch().on('GET', API, () => ok(monitoring({ generatedAt: new Date(serverClock()).toISOString(), totals: totals(serverLate), lateTotal: 0 })));
    renderMonitoring();
    const baru = await screen.findByTestId('monitoring-status-1101');
    expect(baru).toHaveAttribute('data-late', 'false');
    expect(baru).toHaveTextContent('Tertua 9 mnt');

    // Half a minute later (plus a tick) it is past 10 minutes: late on screen, and read again.
    serverLate = 1;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(32_000);
    });
    expect(baru).toHaveAttribute('data-late', 'true');
    expect(baru).toHaveTextContent('Tertua 10 mnt');
    expect(server.callsTo(API).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('monitoring-status-1101-late')).toHaveTextContent('Terlambat 1');
  });

  it('reads the figures again every 15 seconds while open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    const server = mockFetch().on('GET', API, ok(monitoring({ totals: [status(1101, 0), status(1102, 0), status(1103, 0), status(1104, 0), status(1106, 0)] })));
    renderMonitoring();
    await screen.findByTestId('monitoring-status-1101');
    const before = server.callsTo(API).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_500);
    });
    expect(server.callsTo(API).length).toBe(before + 1);
  });
});

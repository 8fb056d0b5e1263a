import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { lateList, lateOrder, monitoring } from '../monitoring-test-kit';
import { API, created, query, renderMonitoring, setUpMonitoringPageTests } from './monitoring-page-test-kit';

setUpMonitoringPageTests();

afterEach(() => vi.unstubAllGlobals());

const LATE = `${API}/late`;

describe('monitoring (/monitoring): the late list', () => {
  it('is asked for only when it comes near the screen, keeps a card’s place per order meanwhile, and says when it fails', async () => {
    const watched = stubIntersectionObserver();
    let failing = true;
    const server = mockFetch()
      .on('GET', API, ok(monitoring({ lateTotal: 3 })))
      .on('GET', LATE, () => (failing ? fail(500, 'INTERNAL', 'Terjadi kesalahan.') : ok(lateList([lateOrder(), lateOrder({ shipmentNo: 'SHP2603020000002' })]))));
    const user = userEvent.setup();
    renderMonitoring();
    await screen.findByTestId('monitoring-status-1101');
    // Under the fold: how many from the figures, a place per card, nothing asked for.
    expect(screen.getByTestId('monitoring-late-total')).toHaveTextContent('3 pesanan');
    expect(screen.getByTestId('monitoring-late-loading').children).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo(LATE)).toHaveLength(0);
    // Scrolled near it: asked for once, for the scope; a failure says so in Indonesian and offers a retry.
    act(() => watched.find((w) => w.el === screen.getByTestId('monitoring-late-section'))!.enter());
    expect(await screen.findByText('Daftar pesanan terlambat gagal dimuat.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(query(server.callsTo(LATE)[0]!)).toEqual({});
    failing = false;
    await user.click(within(screen.getByTestId('monitoring-late')).getByRole('button'));
    expect(await screen.findByTestId('late-order-SHP2603020000001')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(screen.getByTestId('late-order-SHP2603020000002')).toBeInTheDocument();
    expect(screen.getByTestId('monitoring-late-capped')).toHaveTextContent('Menampilkan 2 dari 3 pesanan');
  });

  it("is read again on a change of its scope's store, for the store it is narrowed to", async () => {
    let shipmentNo = 'SHP2603020000001';
    const server = mockFetch()
      .on('GET', API, ok(monitoring({ lateTotal: 1 })))
      .on('GET', LATE, () => ok(lateList([lateOrder({ shipmentNo })])));
    renderMonitoring({ multiStore: true, at: '/monitoring?storeCode=T001' });
    expect(await screen.findByTestId('late-order-SHP2603020000001')).toBeInTheDocument();
    expect(query(server.callsTo(LATE)[0]!)).toEqual({ storeCode: 'T001' });

    shipmentNo = 'SHP2603020000009';
    emitEvent('order.created', { ...created, shipmentNo: 'SHP-A', storeCode: 'T001' });
    expect(await screen.findByTestId('late-order-SHP2603020000009')).toBeInTheDocument();
    expect(screen.queryByTestId('late-order-SHP2603020000001')).not.toBeInTheDocument();
    const calls = server.callsTo(LATE).length;
    // Another store's change leaves a list narrowed to T001 alone.
    emitEvent('order.created', { ...created, shipmentNo: 'SHP-B', storeCode: 'T002' });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await waitFor(() => expect(server.callsTo(LATE)).toHaveLength(calls));
  });
});

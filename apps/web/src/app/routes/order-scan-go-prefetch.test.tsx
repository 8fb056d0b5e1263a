import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { prefetchOrderScreenData } from '@/features/orders/utils/list-route';
import { prefetchScanGoData } from '@/features/pod/api/get-order-pod-requests';
import { ok } from '@/test/fetch-mock';
import { testQueryClient } from '@/test/render';
import { MINE, ORDER, SHP, order, renderScanGo, serve, setUpScanGoTests } from './order-scan-go-test-kit';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpScanGoTests();

describe('scan and go opened at start (the shell asks for its data with its code)', () => {
  it('draws the order and the form in its first render, with no request of its own after its code arrives', async () => {
    const server = serve().on('GET', ORDER, ok(order)).on('GET', MINE, ok({ items: [] }));
    const queryClient = testQueryClient();
    const path = `/order/detail-scan-go/1103/${SHP}/delivery`;
    // What router.tsx asks for once the member is known, while the page's code is on its way.
    prefetchOrderScreenData(queryClient, { pathname: path, search: '' });
    prefetchScanGoData(queryClient, path);
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    renderScanGo(path, { queryClient });

    // At once, not after a skeleton: the limits the form waits for came with the order.
    expect(screen.queryByTestId('scan-go-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('scan-go-order')).toHaveTextContent('Puput Juwita');
    expect(screen.getByRole('button', { name: 'Kirim POD' })).toBeInTheDocument();
    expect(server.calls.map((c) => c.path).sort()).toEqual(['/api/app-config', MINE, ORDER].sort());
  });
});

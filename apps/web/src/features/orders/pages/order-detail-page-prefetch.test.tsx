import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail } from '@/test/fixtures';
import { renderWithRouter, testQueryClient } from '@/test/render';
import { prefetchOrderScreenData } from '../utils/list-route';
import { DETAIL, SHP, setUpOrderDetailTests } from './order-detail-test-kit';
import OrderDetailPage from './order-detail-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpOrderDetailTests();

describe('an order detail opened at start (prefetchOrderScreenData)', () => {
  it('shows the order the shell asked for with the page code, without asking again', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(orderDetail()));
    const queryClient = testQueryClient();
    // The shell asks once the member is known, while the page's code is on its way (router.tsx).
    prefetchOrderScreenData(queryClient, { pathname: `/order/detail/1101/${SHP}/delivery`, search: '' });
    await waitFor(() => expect(server.callsTo(DETAIL)).toHaveLength(1));

    renderWithRouter([{ path: '/order/detail/:status/:shipmentNo/:method', element: <OrderDetailPage /> }], { initialEntries: [`/order/detail/1101/${SHP}/delivery`], queryClient });

    expect(await screen.findByText(SHP)).toBeInTheDocument();
    expect(server.callsTo(DETAIL)).toHaveLength(1);
  });

  it('asks for the order of scan and go too, and for nothing on other screens', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(orderDetail()));
    const queryClient = testQueryClient();
    prefetchOrderScreenData(queryClient, { pathname: `/order/detail-scan-go/1103/${SHP}/delivery`, search: '' });
    await waitFor(() => expect(server.callsTo(DETAIL)).toHaveLength(1));

    prefetchOrderScreenData(testQueryClient(), { pathname: `/order/confirm/1103/${SHP}`, search: '' });
    prefetchOrderScreenData(testQueryClient(), { pathname: `/order/detail/1101/${SHP}`, search: '' });
    await new Promise((r) => setTimeout(r, 20));
    expect(server.calls.map((c) => c.path)).toEqual([DETAIL]);
  });
});

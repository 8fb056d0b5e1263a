import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithRouter, testQueryClient } from '@/test/render';
import BookingListProductPage from '@/features/bookings/pages/booking-list-product-page';
import BookingListStorePage from '@/features/bookings/pages/booking-list-store-page';
import { bookingCount, productGroup, storeGroup } from '@/features/bookings/bookings-test-kit';
import MatInProcesPage from '@/features/transfers/pages/mat-in-proces-page';
import { page, transferCount, transferItem } from '@/features/transfers/transfers-test-kit';
import HelpCenterPage from '@/features/helpdesk/pages/help-center-page';
import { ticketList, ticketSummary } from '@/features/helpdesk/helpdesk-test-kit';
import ReturnListPage from '@/features/returns/pages/return-list-page';
import { returnCount, returnList, returnSummary } from '@/features/returns/returns-test-kit';
import CancelPendingSection from '@/features/cancellations/components/cancel-pending-section';
import { cancelRequest } from '@/features/cancellations/cancel-test-kit';
import { prefetchScreenData } from './screen-data';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
  return () => vi.unstubAllGlobals();
});

/**
 * A first load on `url`: the shell's prefetch, then the screen. The screen must find what was asked
 * for under its own keys: each read goes out once, with the URL's filters.
 */
async function firstLoad(url: string, path: string, element: React.ReactNode, reads: Record<string, unknown>) {
  const server = Object.entries(reads).reduce((s, [api, body]) => s.on('GET', api, ok(body)), mockFetch());
  const queryClient = testQueryClient();
  const { pathname, search } = new URL(url, 'http://gerai.test');
  await prefetchScreenData(queryClient, { pathname, search, storeCode: 'T001' });
  // Asked for before the screen exists.
  await vi.waitFor(() => {
    for (const api of Object.keys(reads)) expect(server.callsTo(api)).toHaveLength(1);
  });
  renderWithRouter([{ path, element }], { initialEntries: [url], queryClient });
  return server;
}

describe("a first load asks for its screen's data with the code", () => {
  it('a transfer list: its page with the URL filters and the counts, each read once', async () => {
    const server = await firstLoad('/mat-in-proces?q=MAT25&startDate=2026-11-01', '/mat-in-proces', <MatInProcesPage />, {
      '/api/transfers': page([transferItem({ matStatus: 'process', matStoreStatus: 'proces' })]),
      '/api/transfers/count': transferCount(),
    });
    expect(await screen.findByTestId('mat-list')).toBeInTheDocument();
    expect(server.callsTo('/api/transfers')).toHaveLength(1);
    expect(Object.fromEntries(new URL(server.callsTo('/api/transfers')[0]!.url, 'http://gerai.test').searchParams)).toMatchObject({ side: 'in', status: 'process', q: 'MAT25', startDate: '2026-11-01' });
    expect(server.callsTo('/api/transfers/count')).toHaveLength(1);
  });

  it('the booking lists: the groups of the URL direction and status, and the counts, each read once', async () => {
    const byProduct = await firstLoad('/booking-list-product?direction=out&status=1131', '/booking-list-product', <BookingListProductPage />, {
      '/api/bookings/by-product': page([productGroup()]),
      '/api/bookings/count': bookingCount(),
    });
    expect(await screen.findByTestId('product-group-20001')).toBeInTheDocument();
    expect(byProduct.callsTo('/api/bookings/by-product')).toHaveLength(1);
    expect(byProduct.callsTo('/api/bookings/by-product')[0]!.url).toContain('direction=out');
    expect(byProduct.callsTo('/api/bookings/count')).toHaveLength(1);
  });

  it('the booking list by store, and not one group opened by the URL (the screen reads that itself)', async () => {
    const byStore = await firstLoad('/booking-list-store', '/booking-list-store', <BookingListStorePage />, {
      '/api/bookings/by-store': page([storeGroup()]),
      '/api/bookings/count': bookingCount(),
    });
    expect(await screen.findByText(storeGroup().storeName)).toBeInTheDocument();
    expect(byStore.callsTo('/api/bookings/by-store')).toHaveLength(1);

    const server = mockFetch();
    await prefetchScreenData(testQueryClient(), { pathname: '/booking-list-product', search: '?productId=20001', storeCode: 'T001' });
    await prefetchScreenData(testQueryClient(), { pathname: '/mat-in-nope', search: '', storeCode: 'T001' });
    await prefetchScreenData(testQueryClient(), { pathname: '/retur/list/nope', search: '', storeCode: 'T001' });
    await prefetchScreenData(testQueryClient(), { pathname: '/help-center/create', search: '', storeCode: 'T001' });
    await prefetchScreenData(testQueryClient(), { pathname: '/monitoring', search: '', storeCode: 'T001' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
  });

  it('a returns list: its page with the URL search and the counts, each read once', async () => {
    const server = await firstLoad('/retur/list/approved?q=SHP26', '/retur/list/:status', <ReturnListPage />, {
      '/api/returns': returnList([returnSummary()]),
      '/api/returns/count': returnCount(),
    });
    expect(await screen.findByText(returnSummary().shipmentNo)).toBeInTheDocument();
    expect(server.callsTo('/api/returns')).toHaveLength(1);
    expect(server.callsTo('/api/returns')[0]!.url).toContain('query=SHP26');
    expect(server.callsTo('/api/returns/count')).toHaveLength(1);
  });

  it('the Batal list: the requests waiting for a decision above its cards, read once, before the screen', async () => {
    const server = await firstLoad('/list-cancel', '/list-cancel', <CancelPendingSection />, {
      '/api/cancellations': { items: [cancelRequest()], total: 1, page: 1, size: 10 },
    });
    expect(await screen.findByTestId('cancel-pending-section')).toBeInTheDocument();
    expect(server.callsTo('/api/cancellations')).toHaveLength(1);
    expect(Object.fromEntries(new URL(server.callsTo('/api/cancellations')[0]!.url, 'http://gerai.test').searchParams)).toMatchObject({ status: 'pending', size: '10' });
  });

  it("the help center's home: the FAQ, the problems and the store's latest tickets, each read once", async () => {
    const server = await firstLoad('/help-center', '/help-center/*', <HelpCenterPage side="store" storeCode="T001" staffName="Budi Santoso" />, {
      '/api/helpdesk/faqs': { items: [{ id: 1, question: 'Bagaimana klaim?', answer: 'Tekan tombol Ambil pada pesanan.' }] },
      '/api/helpdesk/problems': { items: [{ id: 1, label: 'Status tidak berubah' }] },
      '/api/helpdesk/tickets': ticketList([ticketSummary()]),
    });
    expect(await screen.findByText('Bagaimana klaim?')).toBeInTheDocument();
    expect(await screen.findByText('Status tidak berubah')).toBeInTheDocument();
    expect(server.callsTo('/api/helpdesk/faqs')).toHaveLength(1);
    expect(server.callsTo('/api/helpdesk/problems')).toHaveLength(1);
    expect(server.callsTo('/api/helpdesk/tickets')).toHaveLength(1);
  });
});

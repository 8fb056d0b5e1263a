import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { renderPage, SHP, ticketList, ticketSummary } from '../helpdesk-test-kit';
import ReportedListPage from './reported-list-page';

const LIST = '/api/helpdesk/tickets';
const query = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const renderList = (mode = 'store', code = 'T001') => renderPage([{ path: '/reported-list/:mode/:code', element: <ReportedListPage mode={mode} code={code} /> }], `/reported-list/${mode}/${code}`);

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('reported list (/reported-list/:mode/:code)', () => {
  it("shows the store's tickets with their status and opens the conversation", async () => {
    const server = mockFetch().on('GET', LIST, ok(ticketList([ticketSummary(), ticketSummary({ id: 5, status: 'resolved' })])));
    renderList();
    const card = await screen.findByTestId('ticket-card-4');
    expect(card).toHaveAttribute('href', '/reported-detail/store/4');
    expect(card).toHaveTextContent('Terbuka');
    expect(card).toHaveTextContent(SHP);
    expect(screen.getByTestId('ticket-card-5')).toHaveTextContent('Selesai');
    expect(query(server.callsTo(LIST)[0]!)).toEqual({ storeCode: 'T001', page: '1', size: '20' });
  });

  it('keeps the server message in localStorage under "error" when the list fails', async () => {
    mockFetch().on('GET', LIST, fail(400, 'STORE_REQUIRED', 'Pilih toko terlebih dahulu.'));
    renderList();
    await waitFor(() => expect(localStorage.getItem('error')).toBe('Pilih toko terlebih dahulu.'));
    expect(await screen.findByText('Daftar tiket gagal dimuat.')).toBeInTheDocument();
  });

  it('filters by status and refreshes when a ticket changes on the stream', async () => {
    const server = mockFetch().on('GET', LIST, ok(ticketList([ticketSummary()])));
    const user = userEvent.setup();
    renderList();
    await screen.findByTestId('ticket-card-4');
    await user.click(screen.getByTestId('ticket-tab-resolved'));
    await waitFor(() => expect(query(server.callsTo(LIST).at(-1)!)).toMatchObject({ status: 'resolved' }));
    const before = server.callsTo(LIST).length;
    emitEvent('ticket.status_changed', { ticketId: 4, shipmentNo: SHP, status: 'resolved', from: 'open', actorName: 'Rina' });
    await waitFor(() => expect(server.callsTo(LIST).length).toBeGreaterThan(before));
  });

  it('gives the helpdesk queue store and date filters', async () => {
    const server = mockFetch().on('GET', LIST, ok(ticketList([ticketSummary({ storeCode: 'T002' })])));
    const user = userEvent.setup();
    renderList('helpdesk', 'all');
    await screen.findByTestId('ticket-card-4');
    expect(query(server.callsTo(LIST)[0]!)).toEqual({ status: 'active', page: '1', size: '20' });
    await user.type(screen.getByTestId('ticket-filter-store'), 't002');
    await user.click(screen.getByTestId('ticket-filter-apply'));
    await waitFor(() => expect(query(server.callsTo(LIST).at(-1)!)).toMatchObject({ storeCode: 'T002', status: 'active' }));
    expect(screen.getByTestId('ticket-card-4')).toHaveAttribute('href', '/reported-detail/helpdesk/4');
  });
});

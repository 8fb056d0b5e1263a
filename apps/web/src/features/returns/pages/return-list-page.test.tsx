import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { SHP, renderPage, returnCount, returnList, returnSummary } from '../returns-test-kit';
import ReturnListPage from './return-list-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const LIST = '/api/returns';
const COUNT = '/api/returns/count';
const query = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

const renderList = (status = 'requested') => renderPage([{ path: '/retur/list/:status', element: <ReturnListPage /> }], `/retur/list/${status}`);

beforeEach(() => {
  resetClientStateForTests();
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('return list (/retur/list/:status)', () => {
  it('shows the returns of the status as cards, and every status with its count', async () => {
    const server = mockFetch()
      .on('GET', LIST, ok(returnList([returnSummary(), returnSummary({ id: 8, shipmentNo: 'SHP2611204455002', customerName: 'Zaenab Laksita', deliveryType: 1, reason: 'Barang tidak sesuai pesanan' })])))
      .on('GET', COUNT, ok(returnCount({ requested: 2, approved: 1, refunded: 4 })));
    renderList();
    const card = await screen.findByTestId(`return-card-${SHP}`);
    expect(card).toHaveAttribute('href', `/retur/detail/${SHP}/pickup`);
    expect(card).toHaveTextContent('Nathania Julia');
    expect(card).toHaveTextContent('Barang rusak');
    expect(card).toHaveTextContent('3 barang');
    expect(card).toHaveTextContent('Diajukan');
    expect(card).toHaveTextContent('30 menit lalu');
    expect(screen.getByTestId('return-card-SHP2611204455002')).toHaveAttribute('href', '/retur/detail/SHP2611204455002/delivery');
    expect(screen.getByTestId('return-list-total')).toHaveTextContent('2 retur');
    expect(await screen.findByTestId('return-tab-requested-count')).toHaveTextContent('2');
    expect(screen.getByTestId('return-tab-approved-count')).toHaveTextContent('1');
    expect(screen.getByTestId('return-tab-refunded-count')).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: 'Diajukan 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(query(server.callsTo(LIST)[0]!)).toEqual({ status: 'requested', page: '1', size: '20' });
  });

  it('switches status: the URL and the request follow, the counts stay', async () => {
    const server = mockFetch()
      .on('GET', LIST, (call) => ok(returnList(query(call).status === 'approved' ? [returnSummary({ status: 'approved' })] : [])))
      .on('GET', COUNT, ok(returnCount({ approved: 1 })));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Tidak ada retur yang menunggu persetujuan.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Disetujui 1' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/retur/list/approved');
    const card = await screen.findByTestId(`return-card-${SHP}`);
    expect(card).toHaveTextContent('Disetujui');
    expect(screen.getByRole('button', { name: 'Disetujui 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo(LIST).map((c) => query(c).status)).toEqual(['requested', 'approved']);
  });

  it('an unknown status in the URL goes to Diajukan', async () => {
    mockFetch().on('GET', LIST, ok(returnList([]))).on('GET', COUNT, ok(returnCount()));
    renderList('semua');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/retur/list/requested'));
    expect(await screen.findByText('Tidak ada retur yang menunggu persetujuan.')).toBeInTheDocument();
  });

  it('searches by shipment or customer, said as a chip that clears it', async () => {
    const server = mockFetch().on('GET', LIST, ok(returnList([]))).on('GET', COUNT, ok(returnCount()));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Tidak ada retur yang menunggu persetujuan.');
    await user.type(screen.getByLabelText('Cari retur'), 'nathania{Enter}');
    await waitFor(() => expect(query(server.callsTo(LIST).at(-1)!)).toMatchObject({ status: 'requested', query: 'nathania' }));
    expect(await screen.findByText('Tidak ada retur yang cocok dengan pencarian.')).toBeInTheDocument();
    expect(screen.getByTestId('return-active-filters')).toHaveTextContent('“nathania”');
    await user.click(screen.getAllByRole('button', { name: 'Hapus filter' })[0]!);
    expect(screen.getByTestId('where')).toHaveTextContent(/\/retur\/list\/requested$/);
  });

  it('a failed load shows the server message and a retry', async () => {
    const server = mockFetch()
      .on('GET', LIST, (_c, n) => (n === 1 ? fail(400, 'VALIDATION_FAILED', 'Status retur tidak dikenal') : ok(returnList([returnSummary()]))))
      .on('GET', COUNT, ok(returnCount({ requested: 1 })));
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText('Daftar retur gagal dimuat.')).toBeInTheDocument();
    expect(screen.getByText('Status retur tidak dikenal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId(`return-card-${SHP}`)).toBeInTheDocument();
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it('a return recorded on another phone arrives live: the list and the counts are read again', async () => {
    let items = [returnSummary()];
    mockFetch()
      .on('GET', LIST, () => ok(returnList(items)))
      .on('GET', COUNT, () => ok(returnCount({ requested: items.length })));
    renderList();
    await screen.findByTestId(`return-card-${SHP}`);
    items = [returnSummary({ id: 9, shipmentNo: 'SHP2611204455009', customerName: 'Rudi Hartono' }), ...items];
    emitEvent('return.requested', { shipmentNo: 'SHP2611204455009', orderNo: 'AGF1', returnId: 9, status: 'requested', actorName: 'Sinta', reason: 'Barang rusak' });
    expect(await screen.findByTestId('return-card-SHP2611204455009')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('return-tab-requested-count')).toHaveTextContent('2'));
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matQrValue } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import MatInNewPage from '../pages/mat-in-new-page';
import MatOutDonePage from '../pages/mat-out-done-page';
import MatOutNewPage from '../pages/mat-out-new-page';
import { ID_TBSMS, MAT_NO, T001, page, queryOf, renderPage, transferCount, transferItem, setUpMatScreenTests } from '../transfers-test-kit';
import { readSecret, saveSecret } from '../utils/secret-store';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const LIST = '/api/transfers';
const COUNT = '/api/transfers/count';

const renderLists = (initial: string) =>
  renderPage(
    [
      { path: '/mat-out-new', element: <MatOutNewPage /> },
      { path: '/mat-out-done', element: <MatOutDonePage /> },
      { path: '/mat-in-new', element: <MatInNewPage /> },
    ],
    initial,
  );

setUpMatScreenTests();

describe('MAT lists', () => {
  it('out/new: my sent transfers with the other store, products and units, the lock; each opens its detail', async () => {
    const second = transferItem({ matNo: 'MAT251122000042', matStoreNo: 'MAT251122000042', locked: true, lineCount: 1, qtySent: 12 });
    const server = mockFetch().on('GET', LIST, ok(page([transferItem(), second]))).on('GET', COUNT, ok(transferCount()));
    renderLists('/mat-out-new');
    const list = await screen.findByTestId('mat-list');
    expect(screen.getByTestId('mat-list-total')).toHaveTextContent('2 MAT');
    const card = within(list).getByTestId(`mat-card-${MAT_NO}`);
    expect(card).toHaveAttribute('href', `/detail-mat-out/new/${MAT_NO}`);
    expect(card).toHaveTextContent('Ke T002 · Toko Bangka Raya');
    expect(card).toHaveTextContent('2 produk · 5 unit');
    expect(card).toHaveTextContent('Baru');
    expect(within(list).getByTestId('mat-card-MAT251122000042')).toHaveTextContent('Terkunci');
    expect(queryOf(server.callsTo(LIST)[0]!)).toEqual({ side: 'out', status: 'new', page: '1', size: '20' });
    // The tabs lead to the sibling lists with their counts.
    await waitFor(() => expect(screen.getByTestId('mat-tab-new-count')).toHaveTextContent('2'));
    expect(screen.getByTestId('mat-tab-cancel')).toHaveAttribute('href', '/mat-out-cancel');
    expect(screen.getByRole('link', { name: 'Selesai 7' })).toHaveAttribute('href', '/mat-out-done');
  });

  it('out/done: a finished transfer opens its result, with its difference said', async () => {
    mockFetch()
      .on('GET', LIST, ok(page([transferItem({ matStatus: 'finish', matStoreStatus: 'done', qtyReceived: 4, qtyShort: 1 })])))
      .on('GET', COUNT, ok(transferCount()));
    renderLists('/mat-out-done');
    const card = await screen.findByTestId(`mat-card-${MAT_NO}`);
    expect(card).toHaveAttribute('href', `/detail-mat-out-complete/done/${MAT_NO}`);
    expect(card).toHaveTextContent('Selisih 1');
  });

  it('a transfer seen out of `new` leaves its PIN behind', async () => {
    saveSecret(MAT_NO, ID_TBSMS, { pin: '482913', qr: matQrValue(ID_TBSMS, '482913') });
    mockFetch()
      .on('GET', LIST, ok(page([transferItem({ matStatus: 'finish', matStoreStatus: 'done', qtyReceived: 5 })])))
      .on('GET', COUNT, ok(transferCount()));
    renderLists('/mat-out-done');
    await screen.findByTestId(`mat-card-${MAT_NO}`);
    await waitFor(() => expect(readSecret(MAT_NO)).toBeNull());
  });

  it('in/new: transfers for my store say where they come from and open the receiving detail', async () => {
    mockFetch().on('GET', LIST, ok(page([transferItem({ side: 'in', sender: { storeCode: 'T002', storeName: 'Toko Bangka Raya' }, receiver: T001 })]))).on('GET', COUNT, ok(transferCount()));
    renderLists('/mat-in-new');
    const card = await screen.findByTestId(`mat-card-${MAT_NO}`);
    expect(card).toHaveAttribute('href', `/detail-mat-in/${MAT_NO}`);
    expect(card).toHaveTextContent('Dari T002 · Toko Bangka Raya');
    expect(screen.getByTestId('mat-tabs').querySelectorAll('a')).toHaveLength(3);
  });

  it('searches by number or store and filters by the days sent; the filters go along to the sibling lists', async () => {
    const server = mockFetch().on('GET', LIST, (call) => ok(page(queryOf(call).q ? [] : [transferItem()]))).on('GET', COUNT, ok(transferCount()));
    const user = userEvent.setup();
    renderLists('/mat-out-new');
    await screen.findByTestId('mat-list');
    await user.type(screen.getByTestId('mat-search'), 'bangka{Enter}');
    expect(await screen.findByText('Tidak ada MAT yang cocok dengan filter')).toBeInTheDocument();
    expect(queryOf(server.calls.filter((c) => c.path === LIST).at(-1)!)).toMatchObject({ q: 'bangka', side: 'out', status: 'new' });

    await user.click(screen.getByTestId('mat-open-filter'));
    const filter = screen.getByTestId('mat-filter');
    await user.type(within(filter).getByLabelText('Dari tanggal'), '2025-11-20');
    await user.type(within(filter).getByLabelText('Sampai tanggal'), '2025-11-22');
    await user.click(within(filter).getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(queryOf(server.calls.filter((c) => c.path === LIST).at(-1)!)).toMatchObject({ q: 'bangka', startDate: '2025-11-20', endDate: '2025-11-22' }));
    expect(screen.getByTestId('mat-filters')).toHaveTextContent('20 Nov 2025');
    expect(screen.getByTestId('mat-tab-done').getAttribute('href')).toBe('/mat-out-done?q=bangka&startDate=2025-11-20&endDate=2025-11-22');

    // "Hapus filter" under the empty list clears them all.
    await user.click(screen.getAllByRole('button', { name: 'Hapus filter' }).at(-1)!);
    expect(await screen.findByTestId(`mat-card-${MAT_NO}`)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/mat-out-new$/);
  });

  it('an empty list says so; a failed one offers a retry', async () => {
    let failNext = true;
    mockFetch()
      .on('GET', LIST, () => (failNext ? fail(500, 'INTERNAL', 'x') : ok(page([]))))
      .on('GET', COUNT, ok(transferCount()));
    const user = userEvent.setup();
    renderLists('/mat-out-new');
    expect(await screen.findByText('Daftar MAT gagal dimuat.')).toBeInTheDocument();
    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Belum ada MAT yang menunggu diterima toko tujuan.')).toBeInTheDocument();
  });
});

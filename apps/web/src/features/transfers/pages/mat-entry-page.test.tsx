import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitEvent } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { ID_TBSMS, MAT_NO, QR, incoming, inProcess, page, renderPage, transferCount, transferEvent, transferItem, setUpMatScreenTests } from '../transfers-test-kit';
import ConfirmMatPage from './confirm-mat-page';
import MatEntryPage from './mat-entry-page';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const COUNT = '/api/transfers/count';
const LOCKED = '/api/transfers/locked';
const SHORT = '/api/transfers/discrepancies';

const renderEntry = (role: 'staff' | 'chief' | 'supervisor' = 'staff') =>
  renderPage(
    [
      { path: '/mat', element: <MatEntryPage canWatch={role !== 'staff'} /> },
      { path: '/confirm-mat/:status/:idTbsms', element: <ConfirmMatPage /> },
    ],
    '/mat',
  );

setUpMatScreenTests();

describe('/mat (MAT entry)', () => {
  it('shows the counts of each side, each leading to its list, with "Kirim MAT"', async () => {
    const server = mockFetch().on('GET', COUNT, ok(transferCount()));
    renderEntry();
    const inBlock = screen.getByTestId('mat-block-in');
    expect(within(inBlock).getByRole('heading')).toHaveTextContent('MAT Masuk');
    await waitFor(() => expect(screen.getByTestId('mat-count-in-new-value')).toHaveTextContent('3'));
    expect(server.callsTo(COUNT)[0]!.url).toContain('sender=true&receiver=true');
    const links: Array<[string, string, string]> = [
      ['in-new', '/mat-in-new', '3'],
      ['in-proces', '/mat-in-proces', '0'],
      ['in-done', '/mat-in-done', '4'],
      ['out-new', '/mat-out-new', '2'],
      ['out-proces', '/mat-out-proces', '1'],
      ['out-done', '/mat-out-done', '7'],
      ['out-cancel', '/mat-out-cancel', '1'],
    ];
    for (const [key, href, n] of links) {
      const tile = screen.getByTestId(`mat-count-${key}`);
      expect(tile).toHaveAttribute('href', href);
      expect(tile).toHaveTextContent(n);
    }
    // The receiver has no cancel list.
    expect(screen.queryByTestId('mat-count-in-cancel')).not.toBeInTheDocument();
    // Each count is named by what it shows (WCAG 2.5.3), in its side's region.
    expect(within(screen.getByRole('region', { name: 'MAT Keluar' })).getByRole('link', { name: '1 Batal' })).toHaveAttribute('href', '/mat-out-cancel');
    expect(screen.getByTestId('mat-send')).toHaveAttribute('href', '/mat-store');
  });

  it('follows the counts live when a transfer arrives', async () => {
    let count = transferCount();
    mockFetch().on('GET', COUNT, () => ok(count));
    renderEntry();
    await waitFor(() => expect(screen.getByTestId('mat-count-in-new-value')).toHaveTextContent('3'));
    count = transferCount({ receiver: { totalNew: 4, totalProcess: 0, totalFinish: 4, totalCancel: 0 } });
    emitEvent('transfer.sent', { ...transferEvent('sent'), lineCount: 2, qtySent: 5 });
    await waitFor(() => expect(screen.getByTestId('mat-count-in-new-value')).toHaveTextContent('4'));
  });

  it('"Pindai QR MAT": a MAT QR opens its confirmation, which confirms with that QR at once and opens the count', async () => {
    let current = incoming({ actions: ['confirm'] });
    const server = mockFetch()
      .on('GET', COUNT, ok(transferCount()))
      .on('GET', `/api/transfers/by-tbsms/${ID_TBSMS}`, () => ok(current))
      .on('POST', `/api/transfers/by-tbsms/${ID_TBSMS}/confirm`, () => {
        current = inProcess();
        return ok(current);
      });
    const user = userEvent.setup();
    const { router } = renderEntry();
    await user.click(screen.getByRole('button', { name: 'Pindai QR MAT' }));
    await user.type(screen.getByLabelText('Ketik isi QR MAT'), `${QR}{Enter}`);
    await waitFor(() => expect(server.callsTo(`/api/transfers/by-tbsms/${ID_TBSMS}/confirm`, 'POST')).toHaveLength(1));
    expect(server.callsTo(`/api/transfers/by-tbsms/${ID_TBSMS}/confirm`, 'POST')[0]!.body).toEqual({ qr: QR });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/confirm-mat/proces/${ID_TBSMS}`));
    expect(await screen.findByTestId('mat-count-view')).toBeInTheDocument();
    expect(screen.getByTestId('toasts')).toHaveTextContent(`MAT ${MAT_NO} diterima. Hitung barangnya.`);
    // The QR is not kept in the history entry: going back does not confirm again.
    expect(router.state.location.state).toBeNull();
  });

  it('a QR that is not a MAT QR is said, and nothing is opened', async () => {
    mockFetch().on('GET', COUNT, ok(transferCount()));
    const user = userEvent.setup();
    renderEntry();
    await user.click(screen.getByTestId('mat-scan'));
    await user.type(screen.getByLabelText('Ketik isi QR MAT'), 'https://contoh.id/promo{Enter}');
    expect(screen.getByTestId('mat-scan-feedback')).toHaveTextContent('Ini bukan QR MAT.');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/mat$/);
  });

  it('a member working in no store yet (helpdesk): says so, and asks for no counts (a store\'s, which the server would refuse)', async () => {
    const server = mockFetch().on('GET', LOCKED, ok(page([]))).on('GET', SHORT, ok(page([])));
    renderPage([{ path: '/mat', element: <MatEntryPage canWatch hasStore={false} /> }], '/mat');
    expect(await screen.findByTestId('mat-no-store')).toHaveTextContent('Belum ada toko aktif');
    expect(screen.queryByTestId('mat-send')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-block-in')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(LOCKED)).toHaveLength(1));
    expect(server.callsTo(COUNT)).toHaveLength(0);
  });

  it('staff see no watch blocks and never ask for them', async () => {
    const server = mockFetch().on('GET', COUNT, ok(transferCount())).on('GET', LOCKED, ok(page([]))).on('GET', SHORT, ok(page([])));
    renderEntry('staff');
    await waitFor(() => expect(screen.getByTestId('mat-count-in-new-value')).toBeInTheDocument());
    expect(screen.queryByTestId('mat-watch-locked')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-watch-discrepancies')).not.toBeInTheDocument();
    expect(server.callsTo(LOCKED)).toHaveLength(0);
    expect(server.callsTo(SHORT)).toHaveLength(0);
  });

  it('kepala toko see the locked transfers and those with a difference, each leading to its detail; an empty one is not shown', async () => {
    const short = transferItem({ matNo: 'MAT251122000050', matStoreNo: 'MAT251122000050', matStatus: 'finish', matStoreStatus: 'done', qtyReceived: 3, qtyShort: 2, finishedAt: new Date().toISOString() });
    const locked = transferItem({ side: 'in', locked: true });
    const server = mockFetch()
      .on('GET', COUNT, ok(transferCount()))
      .on('GET', LOCKED, ok(page([locked])))
      .on('GET', SHORT, ok(page([short], 8)));
    renderEntry('chief');
    const lockedBlock = await screen.findByTestId('mat-watch-locked');
    expect(within(lockedBlock).getByTestId(`mat-watch-locked-${MAT_NO}`)).toHaveAttribute('href', `/detail-mat-in/${MAT_NO}`);
    expect(lockedBlock).toHaveTextContent('Terkunci');
    const shortBlock = await screen.findByTestId('mat-watch-discrepancies');
    expect(within(shortBlock).getByTestId('mat-watch-discrepancies-MAT251122000050')).toHaveAttribute('href', '/detail-mat-out-complete/done/MAT251122000050');
    expect(shortBlock).toHaveTextContent('Selisih 2');
    expect(shortBlock).toHaveTextContent('7 MAT lainnya');
    expect(server.callsTo(LOCKED)[0]!.url).toContain('size=5');
  });

  it('kepala toko with nothing to watch: the blocks stay away', async () => {
    const server = mockFetch().on('GET', COUNT, ok(transferCount())).on('GET', LOCKED, ok(page([]))).on('GET', SHORT, ok(page([])));
    renderEntry('chief');
    await waitFor(() => expect(server.callsTo(SHORT)).toHaveLength(1));
    await waitFor(() => expect(server.callsTo(LOCKED)).toHaveLength(1));
    expect(screen.queryByTestId('mat-watch-locked')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-watch-discrepancies')).not.toBeInTheDocument();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitEvent } from '@/test/fake-event-source';
import { mockFetch, ok } from '@/test/fetch-mock';
import { AQUA, ID_TBSMS, MAT_NO, inProcess, incoming, renderPage, transferEvent, transferLine, SUPERVISOR_SIDES, setUpMatScreenTests } from '../transfers-test-kit';
import { readCountDraft, writeCountDraft } from '../utils/count-draft';
import DetailMatInPage from './detail-mat-in-page';
import DetailMatOutCompletePage from './detail-mat-out-complete-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/transfers/${MAT_NO}`;

const finished = (side: 'in' | 'out') =>
  incoming({
    side,
    matStatus: 'finish',
    matStoreStatus: 'done',
    qtyReceived: 4,
    qtyShort: 1,
    confirmedAt: '2025-11-22T03:00:00.000Z',
    confirmedByName: 'Sari Dewi',
    finishedAt: '2025-11-22T03:30:00.000Z',
    finishedByName: 'Sari Dewi',
    lines: [transferLine({ qtyReceived: 2, reason: 'damaged', note: 'Kemasan sobek' }), transferLine({ productId: '20002', barcode: AQUA, name: 'Aqua 600ml', qtySent: 2, qtyReceived: 2 })],
  });

const renderIn = () =>
  renderPage(
    [
      { path: '/detail-mat-in/:matNo', element: <DetailMatInPage /> },
      { path: '/detail-mat-out-complete/:matStoreStatus/:matStoreNo', element: <DetailMatOutCompletePage /> },
    ],
    `/detail-mat-in/${MAT_NO}`,
  );

setUpMatScreenTests();

describe('/detail-mat-in (a transfer addressed to my store)', () => {
  it('new: the sender, the lines, and "Konfirmasi penerimaan" to the confirmation', async () => {
    mockFetch().on('GET', DETAIL, ok(incoming({ actions: ['confirm'], note: 'Titip kurir pagi' })));
    renderIn();
    expect(await screen.findByTestId('mat-sender')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(screen.getByTestId('mat-note')).toHaveTextContent('Titip kurir pagi');
    expect(screen.getByTestId('mat-note-status')).toHaveTextContent('Barang sedang dikirim Toko Kemang Raya.');
    expect(screen.getByRole('link', { name: 'Konfirmasi penerimaan' })).toHaveAttribute('href', `/confirm-mat/new/${ID_TBSMS}`);
    expect(screen.queryByTestId('mat-count')).not.toBeInTheDocument();
    expect(screen.getByTestId('mat-history-entry')).toHaveTextContent('MAT dikirim');
  });

  it('process: "Hitung barang" to the count', async () => {
    mockFetch().on('GET', DETAIL, ok(inProcess()));
    renderIn();
    expect(await screen.findByRole('link', { name: 'Hitung barang' })).toHaveAttribute('href', `/confirm-mat/proces/${ID_TBSMS}`);
    expect(screen.getByTestId('mat-time-confirmed')).toHaveTextContent('Sari Dewi');
  });

  it('finished: each line sent and received, a difference with its reason and note; the count leaves the phone', async () => {
    writeCountDraft(MAT_NO, { counts: { '20001': 2 }, reasons: {} });
    mockFetch().on('GET', DETAIL, ok(finished('in')));
    renderIn();
    const short = await screen.findByTestId('mat-line-20001');
    expect(short).toHaveAttribute('data-short', 'true');
    expect(within(short).getByTestId('mat-line-received')).toHaveTextContent('Diterima 2');
    expect(within(short).getByTestId('mat-line-difference')).toHaveTextContent('Kurang 1 · Barang rusak');
    expect(within(short).getByTestId('mat-line-difference')).toHaveTextContent('Kemasan sobek');
    expect(screen.getByTestId('mat-line-20002')).not.toHaveAttribute('data-short');
    expect(screen.getByTestId('mat-short-chip')).toHaveTextContent('Selisih 1');
    await waitFor(() => expect(readCountDraft(MAT_NO).counts).toEqual({}));
    expect(screen.queryByTestId('mat-confirm')).not.toBeInTheDocument();
  });

  it('locked: the notice, and for an area supervisor the unlock (a crew action), then its result', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(incoming({ locked: true, pinTriesLeft: 0, actions: ['cancel', 'unlock'], viewerSides: SUPERVISOR_SIDES })))
      .on('POST', `${DETAIL}/unlock`, ok(incoming({ actions: ['cancel', 'reissue', 'confirm'], viewerSides: SUPERVISOR_SIDES })));
    const user = userEvent.setup();
    renderIn();
    await user.click(within(await screen.findByTestId('mat-lock-notice')).getByRole('button', { name: 'Buka kunci' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, buka' }));
    // The supervisor who came to unlock sees what that did, and the way back; not the receiver's step.
    expect(await screen.findByTestId('mat-unlocked')).toHaveTextContent('MAT dibuka kembaliKru toko tujuan (T002 · Toko Bangka Raya) bisa memasukkan PIN yang sama.');
    expect(screen.getByRole('link', { name: 'Ke menu MAT' })).toHaveAttribute('href', '/mat');
    expect(screen.queryByRole('link', { name: 'Konfirmasi penerimaan' })).not.toBeInTheDocument();
    expect(server.callsTo(`${DETAIL}/unlock`, 'POST')[0]!.body).toEqual({});
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Kunci MAT ${MAT_NO} dibuka.`);
    cleanup();
    mockFetch().on('GET', DETAIL, ok(incoming({ locked: true, pinTriesLeft: 0, actions: [] })));
    renderIn();
    expect(await screen.findByTestId('mat-lock-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('mat-unlock')).not.toBeInTheDocument();
  });

  it('the sender cancels while it is open: said, not followed', async () => {
    let current = incoming({ actions: ['confirm'] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    renderIn();
    await screen.findByTestId('mat-confirm');
    current = incoming({ matStatus: 'cancel', matStoreStatus: 'cancel', cancelledAt: '2025-11-22T03:00:00.000Z', history: [...current.history, { at: '2025-11-22T03:00:00.000Z', action: 'cancelled', actorName: 'Budi Santoso', note: null }] });
    emitEvent('transfer.cancelled', transferEvent('cancelled', { matStatus: 'cancel', actorName: 'Budi Santoso' }));
    expect(await screen.findByTestId('mat-changed')).toHaveTextContent(`MAT ${MAT_NO} sekarang Batal oleh Budi Santoso.`);
    expect(screen.queryByTestId('mat-confirm')).not.toBeInTheDocument();
  });
});

describe('/detail-mat-out-complete (what arrived of a transfer I sent)', () => {
  const renderComplete = () => renderPage([{ path: '/detail-mat-out-complete/:matStoreStatus/:matStoreNo', element: <DetailMatOutCompletePage /> }], `/detail-mat-out-complete/done/${MAT_NO}`);

  it('totals, who counted and when, and each difference with its reason', async () => {
    mockFetch().on('GET', DETAIL, ok(finished('out')));
    renderComplete();
    expect(await screen.findByTestId('mat-complete-sent')).toHaveTextContent('5');
    expect(screen.getByTestId('mat-complete-received')).toHaveTextContent('4');
    expect(screen.getByTestId('mat-complete-short')).toHaveTextContent('1');
    expect(screen.getByTestId('mat-complete-by')).toHaveTextContent('Sari Dewi');
    expect(screen.getByTestId('mat-complete-at')).not.toHaveTextContent('-');
    expect(within(screen.getByTestId('mat-line-20001')).getByTestId('mat-line-difference')).toHaveTextContent('Kurang 1 · Barang rusak');
  });

  it('not finished yet: says so and leads to its detail', async () => {
    mockFetch().on('GET', DETAIL, ok(inProcess({ side: 'out', actions: [] })));
    renderComplete();
    expect(await screen.findByTestId('mat-not-finished')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat detail MAT' })).toHaveAttribute('href', `/detail-mat-out/proces/${MAT_NO}`);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, RETURN_ACTIONS, type ReturnDetail } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { PHOTO_ID, SHP, renderPage, returnDetail } from '../returns-test-kit';
import ReturnDetailPage from './return-detail-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/returns/${SHP}`;
const action = (name: string) => `/api/returns/${SHP}/${name}`;

const renderDetail = () =>
  renderPage(
    [
      { path: '/retur/detail/:shipmentNo/:method', element: <ReturnDetailPage /> },
      { path: '/retur/pod/:shipmentNo', element: <p>pod retur</p> },
    ],
    `/retur/detail/${SHP}/pickup`,
  );

/** The buttons of the detail's next action (and of the receive form). */
const ACTION_TEST_IDS = { approve: 'return-approve', reject: 'return-reject', collect: 'return-collect', receive: 'return-receive', refund: 'return-refund' } as const;

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

describe('return detail (/retur/detail)', () => {
  it('shows the lines, the reason, the photos (tap to enlarge) and the history', async () => {
    mockFetch().on(
      'GET',
      DETAIL,
      ok(
        returnDetail({
          status: 'received',
          decisionNote: 'Kemasan memang penyok',
          lines: [
            { lineId: 11, productID: '20001', name: 'Indomie Goreng 85g', barcode: '8991234567895', imageUrl: null, qty: 2, qtyReceived: 2, condition: 'sellable' },
            { lineId: 12, productID: '20002', name: 'Teh Botol Sosro 450ml', barcode: '8997654321098', imageUrl: null, qty: 1, qtyReceived: 1, condition: 'damaged' },
          ],
          history: [
            { action: 'request', fromStatus: null, status: 'requested', actorName: 'Budi Santoso', at: '2026-11-21T02:15:00.000Z', note: null },
            { action: 'approve', fromStatus: 'requested', status: 'approved', actorName: 'Agus Setiawan', at: '2026-11-21T03:00:00.000Z', note: 'Kemasan memang penyok' },
            { action: 'receive', fromStatus: 'approved', status: 'received', actorName: 'Budi Santoso', at: '2026-11-21T04:30:00.000Z', note: null },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByTestId('return-shipment')).toHaveTextContent(SHP);
    expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Diterima di toko');
    expect(screen.getByTestId('return-reason-text')).toHaveTextContent('Barang rusak');
    expect(screen.getByTestId('return-decision-note')).toHaveTextContent('Catatan keputusan: Kemasan memang penyok');
    expect(screen.getByTestId('return-detail-line-11')).toHaveTextContent('Diretur 2 · Diterima 2 · Layak jual');
    expect(screen.getByTestId('return-detail-line-12')).toHaveTextContent('Diretur 1 · Diterima 1 · Rusak');
    const history = screen.getAllByTestId('return-history-entry');
    expect(history.map((h) => h.dataset.action)).toEqual(['request', 'approve', 'receive']);
    expect(history[1]).toHaveTextContent('Disetujui');
    expect(history[1]).toHaveTextContent('21 Nov 2026, 10.00 WIB · oleh Agus Setiawan');
    expect(history[1]).toHaveTextContent('Kemasan memang penyok');

    const thumb = screen.getByRole('button', { name: 'Perbesar foto 1' });
    expect(within(thumb).getByRole('img')).toHaveAttribute('src', `/api/uploads/${PHOTO_ID}`);
    await user.click(thumb);
    const viewer = screen.getByTestId('return-photo-viewer');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', `/api/uploads/${PHOTO_ID}`);
    await user.click(within(viewer).getByRole('button', { name: 'Tutup foto' }));
    expect(screen.queryByTestId('return-photo-viewer')).not.toBeInTheDocument();
  });

  it.each<[string, ReturnDetail['actions'], Partial<ReturnDetail>]>([
    ['staff on a requested return: none (waiting for the kepala toko)', [], { status: 'requested' }],
    ['the kepala toko on a requested return: approve and reject', ['approve', 'reject'], { status: 'requested' }],
    ['an approved delivery return: collect', ['collect'], { status: 'approved', deliveryType: 1 }],
    ['an approved pickup return: receive', ['receive'], { status: 'approved' }],
    ['a received return for the kepala toko: refund', ['refund'], { status: 'received' }],
    ['a refunded return: none', [], { status: 'refunded' }],
  ])('shows only the actions the server lists — %s', async (_case, actions, over) => {
    mockFetch().on('GET', DETAIL, ok(returnDetail({ ...over, actions })));
    renderDetail();
    await screen.findByTestId('return-shipment');
    for (const a of RETURN_ACTIONS) {
      if (actions.includes(a)) expect(screen.getByTestId(ACTION_TEST_IDS[a])).toBeInTheDocument();
      else expect(screen.queryByTestId(ACTION_TEST_IDS[a])).not.toBeInTheDocument();
    }
    if (over.status === 'requested' && actions.length === 0) expect(screen.getByTestId('return-waiting')).toHaveTextContent('Menunggu keputusan kepala toko.');
  });

  it('approve: confirmed in a modal, sent, and the reply shown at once', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(returnDetail({ actions: ['approve', 'reject'] })))
      .on('POST', action('approve'), ok(returnDetail({ status: 'approved', actions: ['receive'] })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Setujui Retur' }));
    const modal = screen.getByRole('dialog', { name: 'Setujui retur?' });
    await user.click(within(modal).getByRole('button', { name: 'Ya, setujui' }));
    await waitFor(() => expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Disetujui'));
    expect(server.callsTo(action('approve'), 'POST')[0]!.body).toEqual({});
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Retur ${SHP} disetujui.`);
    expect(screen.queryByRole('button', { name: 'Setujui Retur' })).not.toBeInTheDocument();
    expect(screen.getByTestId('return-receive')).toBeInTheDocument();
  });

  it('reject needs a note, is confirmed, and sends it', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(returnDetail({ actions: ['approve', 'reject'] })))
      .on('POST', action('reject'), ok(returnDetail({ status: 'rejected', decisionNote: 'Foto tidak menunjukkan kerusakan', actions: [] })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByTestId('return-reject'));
    const form = screen.getByTestId('return-reject-form');
    await user.click(within(form).getByRole('button', { name: 'Kirim Penolakan' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Tuliskan alasan penolakan (minimal 3 huruf).');
    await user.type(within(form).getByLabelText('Alasan penolakan'), 'Foto tidak menunjukkan kerusakan');
    await user.click(within(form).getByRole('button', { name: 'Kirim Penolakan' }));
    const modal = screen.getByRole('dialog', { name: 'Tolak retur' });
    expect(modal).toHaveTextContent('Foto tidak menunjukkan kerusakan');
    await user.click(within(modal).getByRole('button', { name: 'Kirim Penolakan' }));
    await waitFor(() => expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Ditolak'));
    expect(server.callsTo(action('reject'), 'POST')[0]!.body).toEqual({ note: 'Foto tidak menunjukkan kerusakan' });
    expect(screen.getByTestId('return-decision-note')).toHaveTextContent('Alasan penolakan: Foto tidak menunjukkan kerusakan');
  });

  it('receive: what arrived per line and its condition is sent', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(returnDetail({ status: 'approved', actions: ['receive'] })))
      .on('POST', action('receive'), ok(returnDetail({ status: 'received', actions: [] })));
    const user = userEvent.setup();
    renderDetail();
    const form = await screen.findByTestId('return-receive-form');
    // One of the two noodles came back; the tea is broken.
    await user.click(within(form).getByTestId('receive-qty-11-decrease'));
    await user.click(within(screen.getByTestId('receive-condition-12')).getByRole('radio', { name: 'Rusak' }));
    // Never more than the line's quantity.
    expect(within(form).getByTestId('receive-qty-12-increase')).toBeDisabled();
    await user.type(within(form).getByLabelText('Catatan (opsional)'), 'Botol retak');
    await user.click(screen.getByRole('button', { name: 'Terima Barang' }));
    await waitFor(() => expect(server.callsTo(action('receive'), 'POST')).toHaveLength(1));
    expect(server.callsTo(action('receive'), 'POST')[0]!.body).toEqual({
      lines: [
        { lineId: 11, qtyReceived: 1, condition: 'sellable' },
        { lineId: 12, qtyReceived: 1, condition: 'damaged' },
      ],
      note: 'Botol retak',
    });
    expect(await screen.findByTestId('toasts')).toHaveTextContent(`Barang retur ${SHP} diterima: 1 layak jual, 1 rusak.`);
  });

  it('collect leads to the return POD', async () => {
    mockFetch().on('GET', DETAIL, ok(returnDetail({ status: 'approved', deliveryType: 1, actions: ['collect'] })));
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Ambil Barang (POD)' })).toHaveAttribute('href', `/retur/pod/${SHP}`);
  });

  it('refund: confirmed, sent, and done', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(returnDetail({ status: 'received', actions: ['refund'] })))
      .on('POST', action('refund'), ok(returnDetail({ status: 'refunded', actions: [] })));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Konfirmasi Dana Dikembalikan' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Dana sudah dikembalikan?' })).getByRole('button', { name: 'Ya, sudah dikembalikan' }));
    await waitFor(() => expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Dana dikembalikan'));
    expect(server.callsTo(action('refund'), 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('return-open-notice')).not.toBeInTheDocument();
  });

  it('a decision another phone made first (409): says so, and closing reads the return again', async () => {
    let current = returnDetail({ actions: ['approve', 'reject'] });
    const server = mockFetch()
      .on('GET', DETAIL, () => ok(current))
      .on('POST', action('approve'), () => {
        current = returnDetail({ status: 'rejected', decisionNote: 'Tidak sesuai', actions: [] });
        return fail(409, 'RETURN_STATUS_CHANGED', 'x', [{ path: 'status', message: 'Status retur sudah berubah menjadi Ditolak. Muat ulang untuk melihat status terbaru.' }]);
      });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Setujui Retur' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, setujui' }));
    const modal = await screen.findByRole('dialog', { name: 'Status retur berubah' });
    expect(modal).toHaveTextContent(ERROR_MESSAGES.RETURN_STATUS_CHANGED);
    expect(modal).toHaveTextContent('Status retur sudah berubah menjadi Ditolak.');
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Ditolak'));
    expect(server.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('follows another phone live and says who moved it', async () => {
    let current = returnDetail({ actions: [] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    renderDetail();
    await screen.findByTestId('return-waiting');
    current = returnDetail({ status: 'approved', actions: ['receive'] });
    emitEvent('return.approved', { shipmentNo: SHP, orderNo: 'AGF261120000555', returnId: 7, status: 'approved', actorName: 'Agus Setiawan' });
    await waitFor(() => expect(screen.getByTestId('return-status-chip')).toHaveTextContent('Disetujui'));
    expect(screen.getByTestId('toasts')).toHaveTextContent(`Retur ${SHP}: Disetujui oleh Agus Setiawan.`);
    expect(screen.getByTestId('return-receive-form')).toBeInTheDocument();
  });

  it('a return that is not there (404) says so, with the way to the list', async () => {
    mockFetch().on('GET', DETAIL, fail(404, 'RETURN_NOT_FOUND', ERROR_MESSAGES.RETURN_NOT_FOUND));
    renderDetail();
    expect(await screen.findByText('Retur tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ke daftar retur' })).toHaveAttribute('href', '/retur/list/requested');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES, matQrValue } from '@gerai/contract';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { ID_TBSMS, MAT_NO, PIN, QR, renderPage, SUPERVISOR_SIDES, transferDetail, transferEvent, setUpMatScreenTests } from '../transfers-test-kit';
import { readSecret, saveSecret } from '../utils/secret-store';
import DetailMatOutPage from './detail-mat-out-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const DETAIL = `/api/transfers/${MAT_NO}`;
const action = (name: string) => `${DETAIL}/${name}`;

const renderOut = () =>
  renderPage(
    [
      { path: '/detail-mat-out/:matStoreStatus/:matStoreNo', element: <DetailMatOutPage /> },
      { path: '/mat-out-new', element: <p>daftar keluar</p> },
    ],
    `/detail-mat-out/new/${MAT_NO}`,
  );

setUpMatScreenTests();

describe('/detail-mat-out (a transfer my store sent)', () => {
  it('while new, with the secret on this phone: the QR and the PIN digits, the stores, the lines', async () => {
    saveSecret(MAT_NO, ID_TBSMS, { pin: PIN, qr: QR });
    mockFetch().on('GET', DETAIL, ok(transferDetail({ actions: ['cancel', 'reissue'] })));
    renderOut();
    const qr = await screen.findByTestId('mat-qr');
    expect(qr.querySelector('svg')).not.toBeNull();
    // The value is drawn, never written where a page script or a screen reader would read it out.
    expect(qr.outerHTML).not.toContain(PIN);
    expect(screen.getByTestId('mat-pin')).toHaveTextContent(PIN);
    expect(screen.getByTestId('mat-sender')).toHaveTextContent('T001 · Toko Kemang Raya');
    expect(screen.getByTestId('mat-receiver')).toHaveTextContent('T002 · Toko Bangka Raya');
    expect(screen.getByTestId('mat-line-20001')).toHaveTextContent('Dikirim 3');
    expect(screen.getByTestId('mat-note-status')).toHaveTextContent('Menunggu Toko Bangka Raya mengonfirmasi penerimaan');
    expect(screen.getByTestId('mat-cancel')).toBeInTheDocument();
  });

  it('without the secret: "Buat PIN baru", confirmed, sends and shows the new PIN', async () => {
    const newPin = '105577';
    const server = mockFetch()
      .on('GET', DETAIL, ok(transferDetail({ actions: ['cancel', 'reissue'] })))
      .on('POST', action('reissue'), ok({ transfer: transferDetail({ actions: ['cancel', 'reissue'] }), secret: { pin: newPin, qr: matQrValue(ID_TBSMS, newPin) } }));
    const user = userEvent.setup();
    renderOut();
    expect(await screen.findByTestId('mat-secret-missing')).toHaveTextContent('PIN tidak tersimpan di ponsel ini');
    expect(screen.queryByTestId('mat-qr')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buat PIN baru' }));
    const modal = screen.getByRole('dialog', { name: 'Buat PIN baru?' });
    expect(modal).toHaveTextContent('PIN dan QR yang lama tidak berlaku lagi.');
    await user.click(within(modal).getByRole('button', { name: 'Ya, buat baru' }));
    expect(await screen.findByTestId('mat-qr')).toBeInTheDocument();
    expect(screen.getByTestId('mat-pin')).toHaveTextContent(newPin);
    expect(server.callsTo(action('reissue'), 'POST')[0]!.body).toEqual({});
    expect(readSecret(MAT_NO)?.pin).toBe(newPin);
    expect(screen.getByTestId('toasts')).toHaveTextContent('PIN baru dibuat.');
  });

  it('cancel: confirmed (the stock comes back), sent, and the PIN leaves the phone', async () => {
    saveSecret(MAT_NO, ID_TBSMS, { pin: PIN, qr: QR });
    const server = mockFetch()
      .on('GET', DETAIL, ok(transferDetail({ actions: ['cancel', 'reissue'] })))
      .on('POST', action('cancel'), ok(transferDetail({ matStatus: 'cancel', matStoreStatus: 'cancel', cancelledAt: '2025-11-22T03:00:00.000Z' })));
    const user = userEvent.setup();
    renderOut();
    await user.click(await screen.findByRole('button', { name: 'Batalkan MAT' }));
    const modal = screen.getByRole('dialog', { name: 'Batalkan MAT?' });
    expect(modal).toHaveTextContent('5 unit kembali ke stok toko Anda');
    await user.click(within(modal).getByRole('button', { name: 'Ya, batalkan' }));
    await waitFor(() => expect(screen.getByTestId('mat-status-chip')).toHaveTextContent('Batal'));
    expect(server.callsTo(action('cancel'), 'POST')[0]!.body).toEqual({});
    expect(screen.queryByTestId('mat-changed')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-qr')).not.toBeInTheDocument();
    expect(readSecret(MAT_NO)).toBeNull();
    expect(screen.getByTestId('toasts')).toHaveTextContent(`MAT ${MAT_NO} dibatalkan. Stok kembali.`);
  });

  it('a refused cancel is said above its button in the server\'s words, not in a modal; the transfer is read again', async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(transferDetail({ actions: ['cancel', 'reissue'] })))
      .on('POST', action('cancel'), fail(409, 'TRANSFER_STATUS_CHANGED', 'Status MAT sudah berubah menjadi Proses. Muat ulang untuk melihat status terbaru.'));
    const user = userEvent.setup();
    renderOut();
    await user.click(await screen.findByTestId('mat-cancel'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, batalkan' }));
    expect(await screen.findByTestId('mat-cancel-refused')).toHaveTextContent('Status MAT sudah berubah menjadi Proses.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(DETAIL).length).toBeGreaterThanOrEqual(2));
  });

  it('cancel after the receiver confirmed (409): the transfer read again shows what happened and who did it', async () => {
    let current = transferDetail({ actions: ['cancel', 'reissue'] });
    mockFetch()
      .on('GET', DETAIL, () => ok(current))
      .on('POST', action('cancel'), () => {
        current = transferDetail({ matStatus: 'process', matStoreStatus: 'proces', history: [...current.history, { at: '2025-11-22T03:00:00.000Z', action: 'confirm', actorName: 'Sari Dewi', note: null }] });
        return fail(409, 'TRANSFER_STATUS_CHANGED', 'Status MAT sudah berubah menjadi Proses. Muat ulang untuk melihat status terbaru.');
      });
    const user = userEvent.setup();
    renderOut();
    await user.click(await screen.findByTestId('mat-cancel'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, batalkan' }));
    expect(await screen.findByTestId('mat-changed')).toHaveTextContent(`MAT ${MAT_NO} sekarang Proses oleh Sari Dewi.`);
    expect(screen.queryByTestId('mat-cancel')).not.toBeInTheDocument();
  });

  it('the receiver confirms while it is open: said as a notice, then shown on request', async () => {
    saveSecret(MAT_NO, ID_TBSMS, { pin: PIN, qr: QR });
    let current = transferDetail({ actions: ['cancel', 'reissue'] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    const user = userEvent.setup();
    renderOut();
    await screen.findByTestId('mat-qr');
    current = transferDetail({ matStatus: 'process', matStoreStatus: 'proces', confirmedAt: '2025-11-22T03:00:00.000Z', history: [...current.history, { at: '2025-11-22T03:00:00.000Z', action: 'confirmed', actorName: 'Sari Dewi', note: null }] });
    emitEvent('transfer.confirmed', { ...transferEvent('confirmed', { matStatus: 'process' }), method: 'qr' });
    const notice = await screen.findByTestId('mat-changed');
    expect(notice).toHaveTextContent(`MAT ${MAT_NO} sekarang Proses oleh Sari Dewi.`);
    expect(screen.queryByTestId('mat-cancel')).not.toBeInTheDocument();
    expect(readSecret(MAT_NO)).toBeNull();
    expect(screen.getByRole('link', { name: 'Kembali ke daftar' })).toHaveAttribute('href', '/mat-out-new');
    await user.click(screen.getByTestId('mat-changed-continue'));
    expect(screen.getByTestId('mat-status-chip')).toHaveTextContent('Proses');
    expect(screen.getByTestId('mat-note-status')).toHaveTextContent('Toko Bangka Raya sedang menghitung');
  });

  it('the area supervisor who came to unlock: the lock and its unlock, then the result; never "Buat PIN baru" or "Batalkan MAT"', async () => {
    const unlockStep = { at: '2025-11-22T04:00:00.000Z', action: 'unlock', actorName: 'Dewi Lestari', note: null };
    const server = mockFetch()
      .on('GET', DETAIL, ok(transferDetail({ locked: true, pinTriesLeft: 0, actions: ['cancel', 'unlock'], viewerSides: SUPERVISOR_SIDES })))
      .on('POST', action('unlock'), ok(transferDetail({ actions: ['cancel', 'reissue', 'confirm'], viewerSides: SUPERVISOR_SIDES, history: [...transferDetail().history, unlockStep] })));
    const user = userEvent.setup();
    renderOut();
    const notice = await screen.findByTestId('mat-lock-notice');
    expect(notice).toHaveTextContent('PIN salah 5 kali.');
    // Not the sending store's phone: no PIN card, no cancel in the action bar.
    expect(screen.queryByTestId('mat-secret-missing')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-cancel')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Buka kunci' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Buka kunci MAT?' })).getByRole('button', { name: 'Ya, buka' }));
    expect(await screen.findByTestId('mat-unlocked')).toHaveTextContent('MAT dibuka kembaliKru toko tujuan (T002 · Toko Bangka Raya) bisa memasukkan PIN yang sama. Tidak perlu PIN baru.');
    expect(server.callsTo(action('unlock'), 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('mat-lock-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('mat-unlocked-done')).toHaveTextContent('Ke menu MAT');
    expect(screen.queryByTestId('mat-reissue')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mat-cancel')).not.toBeInTheDocument();
    expect(screen.queryByText('Buat PIN baru')).not.toBeInTheDocument();
  });

  it('the sending crew while locked: no new PIN, cancel kept; unlocked by the supervisor elsewhere: said, and a new PIN only offered', async () => {
    let current = transferDetail({ locked: true, pinTriesLeft: 0, actions: ['cancel'] });
    mockFetch().on('GET', DETAIL, () => ok(current));
    const user = userEvent.setup();
    renderOut();
    expect(await screen.findByTestId('mat-lock-notice')).toBeInTheDocument();
    expect(screen.getByTestId('mat-secret-missing')).toHaveTextContent('MAT terkunci: PIN baru belum bisa dibuat');
    expect(screen.queryByTestId('mat-reissue')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buka kunci' })).not.toBeInTheDocument();
    expect(screen.getByTestId('mat-cancel')).toBeInTheDocument();

    current = transferDetail({ actions: ['cancel', 'reissue'], history: [...current.history, { at: '2025-11-22T04:00:00.000Z', action: 'unlock', actorName: 'Dewi Lestari', note: null }] });
    emitEvent('transfer.unlocked', transferEvent('unlocked', { actorName: 'Dewi Lestari' }));
    expect(await screen.findByTestId('mat-changed')).toHaveTextContent(`Kunci MAT ${MAT_NO} sudah dibuka oleh Dewi Lestari.`);
    await user.click(screen.getByTestId('mat-changed-continue'));
    // The receiver still holds the PIN: a new one is there for a lost PIN, not the screen's main action.
    expect(screen.getByTestId('mat-secret-missing')).toHaveTextContent('Toko tujuan memakai PIN yang sama');
    expect(screen.getByTestId('mat-reissue').className).not.toMatch(/bg-brand-700/);
  });

  it('a transfer not for my stores: not found', async () => {
    mockFetch().on('GET', DETAIL, fail(404, 'TRANSFER_NOT_FOUND', ERROR_MESSAGES.TRANSFER_NOT_FOUND));
    renderOut();
    expect(await screen.findByTestId('mat-not-found')).toHaveTextContent('MAT tidak ditemukan');
  });
});

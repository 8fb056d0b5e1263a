import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_DETAILS, ERROR_MESSAGES, matQrValue } from '@gerai/contract';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { ID_TBSMS, MAT_NO, PIN, QR, inProcess, incoming, SUPERVISOR_SIDES, transferEvent, setUpMatScreenTests } from '../transfers-test-kit';
import { BY_TBSMS, CONFIRM, renderConfirm, sendWrongPin } from './confirm-mat-test-kit';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpMatScreenTests();

describe('/confirm-mat/new (confirm with the PIN or the QR)', () => {
  it('shows the sender and the amount; the right PIN confirms and opens the count', async () => {
    let current = incoming({ actions: ['confirm'] });
    const server = mockFetch()
      .on('GET', BY_TBSMS, () => ok(current))
      .on('POST', CONFIRM, () => {
        current = inProcess();
        return ok(current);
      });
    const user = userEvent.setup();
    renderConfirm('new');
    expect(await screen.findByTestId('mat-confirm-sender')).toHaveTextContent('2 produk · 5 unit dari T001 · Toko Kemang Raya');
    const input = screen.getByLabelText('PIN dari toko pengirim');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByTestId('mat-pin-submit')).toBeDisabled();
    await user.type(input, `${PIN}9`);
    expect(input).toHaveValue(PIN);
    await user.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/confirm-mat/proces/${ID_TBSMS}`));
    expect(server.callsTo(CONFIRM, 'POST')[0]!.body).toEqual({ pin: PIN });
    expect(await screen.findByTestId('mat-count-view')).toBeInTheDocument();
    expect(screen.getByTestId('toasts')).toHaveTextContent(`MAT ${MAT_NO} diterima.`);
  });

  it('a wrong PIN says how many tries are left, on the field', async () => {
    let current = incoming({ actions: ['confirm'] });
    mockFetch()
      .on('GET', BY_TBSMS, () => ok(current))
      .on('POST', CONFIRM, () => {
        current = incoming({ actions: ['confirm'], pinTriesLeft: 3 });
        return fail(422, 'TRANSFER_PIN_WRONG', ERROR_MESSAGES.TRANSFER_PIN_WRONG, [{ path: 'body.pin', message: ERROR_DETAILS.transferPinWrong(3) }]);
      });
    const user = await sendWrongPin();
    await waitFor(() => expect(screen.getByTestId('mat-pin-help')).toHaveTextContent('PIN salah. Sisa 3 kali percobaan sebelum MAT terkunci.'));
    expect(screen.getByLabelText('PIN dari toko pengirim')).toHaveValue('');
    expect(screen.getByLabelText('PIN dari toko pengirim')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Typing again clears the refusal; the tries left stay said (from the transfer read again).
    await user.type(screen.getByLabelText('PIN dari toko pengirim'), '1');
    await waitFor(() => expect(screen.getByTestId('mat-pin-help')).toHaveTextContent('Sisa 3 kali percobaan.'));
  });

  it('the try that locks it shows the lock notice', async () => {
    let current = incoming({ actions: ['confirm'], pinTriesLeft: 1 });
    mockFetch()
      .on('GET', BY_TBSMS, () => ok(current))
      .on('POST', CONFIRM, () => {
        current = incoming({ locked: true, pinTriesLeft: 0, actions: [] });
        return fail(423, 'TRANSFER_LOCKED', ERROR_MESSAGES.TRANSFER_LOCKED);
      });
    await sendWrongPin();
    expect(await screen.findByTestId('mat-lock-notice')).toHaveTextContent('MAT terkunci');
    expect(screen.queryByTestId('mat-pin-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buka kunci' })).not.toBeInTheDocument();
  });

  it('locked on this phone, unlocked by the area supervisor on another: the PIN can be typed again, without a reload', async () => {
    let current = incoming({ actions: ['confirm'], pinTriesLeft: 1 });
    const server = mockFetch()
      .on('GET', BY_TBSMS, () => ok(current))
      .on('POST', CONFIRM, () => {
        if (current.locked) return fail(423, 'TRANSFER_LOCKED', ERROR_MESSAGES.TRANSFER_LOCKED);
        if (current.pinTriesLeft > 1) return ok(inProcess());
        current = incoming({ locked: true, pinTriesLeft: 0, actions: [] });
        return fail(423, 'TRANSFER_LOCKED', ERROR_MESSAGES.TRANSFER_LOCKED);
      });
    const user = await sendWrongPin();
    expect(await screen.findByTestId('mat-lock-notice')).toHaveTextContent('MAT terkunci');
    await waitFor(() => expect(server.callsTo(BY_TBSMS).length).toBeGreaterThanOrEqual(2));
    const reads = server.callsTo(BY_TBSMS).length;

    // The supervisor unlocks it on their phone: the event reaches this one (T002's stream).
    current = incoming({ actions: ['confirm'], history: [...current.history, { at: '2025-11-22T04:00:00.000Z', action: 'unlock', actorName: 'Dewi Lestari', note: null }] });
    emitEvent('transfer.unlocked', { ...transferEvent('unlocked', { actorName: 'Dewi Lestari' }), storeCode: 'T002' });
    expect(await screen.findByTestId('mat-pin-form')).toBeInTheDocument();
    expect(screen.queryByTestId('mat-lock-notice')).not.toBeInTheDocument();
    expect(screen.getByLabelText('PIN dari toko pengirim')).toHaveValue('');
    expect(server.callsTo(BY_TBSMS).length).toBe(reads + 1);
    // The same PIN as before goes through.
    await user.type(screen.getByLabelText('PIN dari toko pengirim'), PIN);
    await user.click(screen.getByTestId('mat-pin-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/confirm-mat/proces/${ID_TBSMS}`));
  });

  it('a locked transfer opened later: the notice at once, with the unlock for a supervisor', async () => {
    mockFetch()
      .on('GET', BY_TBSMS, ok(incoming({ locked: true, pinTriesLeft: 0, actions: ['cancel', 'unlock'], viewerSides: SUPERVISOR_SIDES })))
      .on('POST', `/api/transfers/${MAT_NO}/unlock`, ok(incoming({ actions: ['cancel', 'reissue', 'confirm'], viewerSides: SUPERVISOR_SIDES })));
    const user = userEvent.setup();
    renderConfirm('new');
    const notice = await screen.findByTestId('mat-lock-notice');
    await user.click(within(notice).getByRole('button', { name: 'Buka kunci' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, buka' }));
    // Unlocked here: the result said, and the same PIN is what the crew types.
    expect(await screen.findByTestId('mat-unlocked')).toHaveTextContent('bisa memasukkan PIN yang sama');
    expect(screen.queryByText('Buat PIN baru')).not.toBeInTheDocument();
  });

  it('"Pindai QR": another transfer\'s QR or not a MAT QR is said here without asking the server; the right one confirms', async () => {
    const server = mockFetch()
      .on('GET', BY_TBSMS, ok(incoming({ actions: ['confirm'] })))
      .on('POST', CONFIRM, ok(inProcess()));
    const user = userEvent.setup();
    renderConfirm('new');
    await user.click(await screen.findByRole('button', { name: 'Pindai QR' }));
    const manual = screen.getByLabelText('Ketik isi QR');
    await user.type(manual, 'SHP2511220000001{Enter}');
    expect(screen.getByTestId('mat-qr-feedback')).toHaveTextContent('Ini bukan QR MAT.');
    await user.type(manual, `${matQrValue('TBS000000000099', PIN)}{Enter}`);
    expect(screen.getByTestId('mat-qr-feedback')).toHaveTextContent(`QR ini untuk MAT lain. Pindai QR MAT ${MAT_NO}.`);
    expect(server.callsTo(CONFIRM, 'POST')).toHaveLength(0);
    await user.type(manual, `${QR}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/confirm-mat/proces/${ID_TBSMS}`));
    expect(server.callsTo(CONFIRM, 'POST')[0]!.body).toEqual({ qr: QR });
  });

  it('an old QR (a PIN no longer valid) counts as a wrong try, said where it was scanned', async () => {
    mockFetch()
      .on('GET', BY_TBSMS, ok(incoming({ actions: ['confirm'] })))
      .on('POST', CONFIRM, fail(422, 'TRANSFER_PIN_WRONG', ERROR_DETAILS.transferPinWrong(4), [{ path: 'body.qr', message: ERROR_DETAILS.transferPinWrong(4) }]));
    const user = userEvent.setup();
    renderConfirm('new');
    await user.click(await screen.findByTestId('mat-scan-qr'));
    await user.type(screen.getByLabelText('Ketik isi QR'), `${matQrValue(ID_TBSMS, '999999')}{Enter}`);
    await waitFor(() => expect(screen.getByTestId('mat-qr-feedback')).toHaveTextContent('PIN salah. Sisa 4 kali percobaan sebelum MAT terkunci.'));
    expect(screen.getByTestId('mat-pin-help')).not.toHaveTextContent('PIN salah');
  });

  it('a transfer already confirmed, or for another store, is said instead of the form', async () => {
    mockFetch().on('GET', BY_TBSMS, ok(inProcess()));
    renderConfirm('new');
    expect(await screen.findByTestId('mat-already-confirmed')).toHaveTextContent('MAT sudah dikonfirmasi');
    expect(screen.getByRole('link', { name: 'Hitung barang' })).toHaveAttribute('href', `/confirm-mat/proces/${ID_TBSMS}`);
    cleanup();
    mockFetch().on('GET', BY_TBSMS, ok(incoming({ side: 'out', actions: ['cancel', 'reissue'] })));
    renderConfirm('new');
    expect(await screen.findByTestId('mat-not-receiver')).toHaveTextContent(ERROR_MESSAGES.TRANSFER_NOT_RECEIVER);
  });

  it('an unknown status segment or transfer: not found', async () => {
    const server = mockFetch().on('GET', BY_TBSMS, fail(404, 'TRANSFER_NOT_FOUND', ERROR_MESSAGES.TRANSFER_NOT_FOUND));
    renderConfirm('done');
    expect(await screen.findByTestId('mat-not-found')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    cleanup();
    renderConfirm('new');
    expect(await screen.findByTestId('mat-not-found')).toHaveTextContent('MAT tidak ditemukan');
  });
});

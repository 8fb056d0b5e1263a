import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_DETAILS, ERROR_MESSAGES, matQrValue } from '@gerai/contract';
import { emitEvent } from '@/test/fake-event-source';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { AQUA, ID_TBSMS, INDOMIE, MAT_NO, PIN, QR, inProcess, incoming, renderPage, SUPERVISOR_SIDES, transferEvent, transferLine, setUpMatScreenTests } from '../transfers-test-kit';
import { readCountDraft } from '../utils/count-draft';
import ConfirmMatPage from './confirm-mat-page';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const BY_TBSMS = `/api/transfers/by-tbsms/${ID_TBSMS}`;
const CONFIRM = `${BY_TBSMS}/confirm`;
const FINISH = `/api/transfers/${MAT_NO}/finish`;

const renderConfirm = (status: string) =>
  renderPage(
    [
      { path: '/confirm-mat/:status/:idTbsms', element: <ConfirmMatPage /> },
      { path: '/detail-mat-in/:matNo', element: <p>detail masuk</p> },
    ],
    `/confirm-mat/${status}/${ID_TBSMS}`,
  );

type User = ReturnType<typeof userEvent.setup>;

/** Opens the new transfer's confirmation and sends a wrong PIN: the start of every refused-PIN test. */
async function sendWrongPin() {
  const user = userEvent.setup();
  renderConfirm('new');
  await user.type(await screen.findByLabelText('PIN dari toko pengirim'), '000000');
  await user.click(screen.getByTestId('mat-pin-submit'));
  return user;
}

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

async function scan(user: User, code: string) {
  await user.type(screen.getByLabelText('Ketik barcode'), `${code}{Enter}`);
}
const counted = (productId: string) => screen.getByTestId(`count-qty-${productId}-value`);

describe('/confirm-mat/proces (count what arrived)', () => {
  it('a scan adds 1 to its line, never above what was sent; an unknown barcode is said and counts nothing', async () => {
    mockFetch().on('GET', BY_TBSMS, ok(inProcess()));
    const user = userEvent.setup();
    renderConfirm('proces');
    await screen.findByTestId('mat-count-view');
    expect(screen.getByTestId('count-line-20001')).toHaveTextContent('Dikirim 3');
    await scan(user, INDOMIE);
    expect(counted('20001')).toHaveValue(1);
    expect(screen.getByTestId('mat-count-feedback')).toHaveTextContent('Indomie Goreng 85g: 1 dari 3.');
    await scan(user, '20002');
    await scan(user, AQUA);
    expect(counted('20002')).toHaveValue(2);
    await scan(user, AQUA);
    expect(counted('20002')).toHaveValue(2);
    expect(screen.getByTestId('mat-count-feedback')).toHaveTextContent('Aqua 600ml sudah 2 dari 2: tidak dihitung lagi.');
    await scan(user, '8990000000999');
    expect(screen.getByTestId('mat-count-feedback')).toHaveTextContent('Barcode 8990000000999 tidak ada di MAT ini. Tidak dihitung.');
    expect(screen.getByTestId('mat-count-total')).toHaveTextContent('3 / 5');
    // The stepper stops at what was sent too.
    expect(screen.getByTestId('count-qty-20002-increase')).toBeDisabled();
    // The count is kept on the phone.
    expect(readCountDraft(MAT_NO).counts).toEqual({ '20001': 1, '20002': 2 });
  });

  it('the count survives a reload', async () => {
    mockFetch().on('GET', BY_TBSMS, ok(inProcess()));
    const user = userEvent.setup();
    renderConfirm('proces');
    await screen.findByTestId('mat-count-view');
    await scan(user, INDOMIE);
    cleanup();
    renderConfirm('proces');
    await screen.findByTestId('mat-count-view');
    expect(counted('20001')).toHaveValue(1);
  });

  it('a short line needs its reason ("Lainnya" its note) before "Selesai"; the body says every line; then the detail with a toast', async () => {
    let current = inProcess();
    const server = mockFetch()
      .on('GET', BY_TBSMS, () => ok(current))
      .on('POST', FINISH, () => {
        current = inProcess({
          matStatus: 'finish',
          matStoreStatus: 'done',
          qtyReceived: 4,
          qtyShort: 1,
          actions: [],
          lines: [transferLine({ qtyReceived: 2, reason: 'other', note: 'Kemasan sobek' }), transferLine({ productId: '20002', barcode: AQUA, name: 'Aqua 600ml', qtySent: 2, qtyReceived: 2 })],
        });
        return ok(current);
      });
    const user = userEvent.setup();
    renderConfirm('proces');
    await screen.findByTestId('mat-count-view');
    const submit = screen.getByTestId('mat-count-submit');
    expect(submit).toBeDisabled();
    expect(screen.getByText('2 produk kurang: pilih alasannya.')).toBeInTheDocument();

    await scan(user, INDOMIE);
    await scan(user, INDOMIE);
    await scan(user, AQUA);
    await scan(user, AQUA);
    expect(screen.getByTestId('count-line-20002')).toHaveTextContent('Sesuai');
    expect(submit).toBeDisabled();

    const indomie = screen.getByTestId('count-line-20001');
    expect(within(indomie).getByTestId('count-line-state')).toHaveTextContent('Kurang 1');
    await user.click(within(indomie).getByRole('button', { name: 'Pilih alasan selisih' }));
    await user.click(within(indomie).getByRole('radio', { name: 'Lainnya' }));
    expect(within(indomie).getByText('Tuliskan alasannya.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(within(indomie).getByLabelText('Tuliskan alasannya'), 'Kemasan sobek');
    await user.click(within(indomie).getByTestId('count-reason-done'));
    expect(within(indomie).getByTestId('count-reason-chosen')).toHaveTextContent('Lainnya');
    expect(submit).toBeEnabled();
    expect(screen.getByText('Diterima 4 dari 5 unit.')).toBeInTheDocument();

    await user.click(submit);
    const modal = screen.getByRole('dialog', { name: 'Selesaikan penerimaan?' });
    expect(modal).toHaveTextContent('Diterima 4 dari 5 unit. Selisih:');
    expect(modal).toHaveTextContent('Indomie Goreng 85g: kurang 1 (Lainnya)');
    await user.click(within(modal).getByRole('button', { name: 'Ya, selesai' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/detail-mat-in/${MAT_NO}`));
    expect(server.callsTo(FINISH, 'POST')[0]!.body).toEqual({
      lines: [
        { productId: '20001', qtyReceived: 2, reason: 'other', note: 'Kemasan sobek' },
        { productId: '20002', qtyReceived: 2 },
      ],
    });
    expect(screen.getByTestId('toasts')).toHaveTextContent(`MAT ${MAT_NO} selesai: 4 unit masuk stok.`);
    expect(localStorage.getItem(`gerai.mat.count.${MAT_NO}`)).toBeNull();
  });

  it('a refused finish is said in the server\'s words next to the line and the button, the count kept', async () => {
    mockFetch()
      .on('GET', BY_TBSMS, ok(inProcess({ lines: [transferLine({ qtySent: 1 })], lineCount: 1, qtySent: 1 })))
      .on('POST', FINISH, fail(422, 'TRANSFER_REASON_REQUIRED', ERROR_MESSAGES.TRANSFER_REASON_REQUIRED, [{ path: 'body.lines.0.reason', message: ERROR_DETAILS.transferReasonRequired('Indomie Goreng 85g'), productId: '20001' }]));
    const user = userEvent.setup();
    renderConfirm('proces');
    await screen.findByTestId('mat-count-view');
    await scan(user, INDOMIE);
    await user.click(screen.getByTestId('mat-count-submit'));
    expect(screen.getByRole('dialog')).toHaveTextContent('Semua 1 unit diterima sesuai yang dikirim.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ya, selesai' }));
    // Next to what was refused: the line the server names (by its product) and the button, no modal.
    await waitFor(() => expect(within(screen.getByTestId('count-line-20001')).getByTestId('count-line-refused')).toHaveTextContent('Pilih alasan selisih untuk Indomie Goreng 85g.'));
    expect(screen.getByTestId('mat-count-refused')).toHaveTextContent('Pilih alasan selisih untuk Indomie Goreng 85g.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readCountDraft(MAT_NO).counts).toEqual({ '20001': 1 });
  });

  it('not confirmed yet: leads to the confirmation instead', async () => {
    mockFetch().on('GET', BY_TBSMS, ok(incoming({ actions: ['confirm'] })));
    renderConfirm('proces');
    expect(await screen.findByTestId('mat-not-confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Konfirmasi penerimaan' })).toHaveAttribute('href', `/confirm-mat/new/${ID_TBSMS}`);
  });
});

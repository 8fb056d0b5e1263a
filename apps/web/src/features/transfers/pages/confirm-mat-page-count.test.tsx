import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_DETAILS, ERROR_MESSAGES } from '@gerai/contract';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { AQUA, ID_TBSMS, INDOMIE, MAT_NO, inProcess, incoming, transferLine, setUpMatScreenTests } from '../transfers-test-kit';
import { readCountDraft } from '../utils/count-draft';
import { BY_TBSMS, FINISH, renderConfirm, type User } from './confirm-mat-test-kit';

// Walks through a screen with many steps: more than the default 5 s on a loaded test machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

setUpMatScreenTests();

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

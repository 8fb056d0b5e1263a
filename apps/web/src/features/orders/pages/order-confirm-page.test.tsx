import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { resetClientStateForTests } from '@/shared/api/client';
import { signal } from '@/shared/feedback/feedback';
import { closeModal } from '@/shared/modal/modal-store';
import { ToastHost } from '@/shared/toast/toast-host';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { orderDetail } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import OrderConfirmPage, { checkPickupInput } from './order-confirm-page';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

const SHP = 'SHP2511220000001';
const DETAIL = `/api/orders/${SHP}`;
const ready = orderDetail({ statusId: 1103, actions: ['handover'] });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderConfirm() {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ToastHost />
          </>
        ),
        children: [
          { path: '/order/confirm/:status/:shipmentNo', element: <OrderConfirmPage /> },
          { path: '*', element: <p>lain</p> },
        ],
      },
    ],
    { initialEntries: [`/order/confirm/1103/${SHP}`] },
  );
}

/** A hardware scanner reading the customer's QR: its keys on a held clock, so a busy machine never spreads them into typing. */
function wedge(text: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const key of text) fireEvent.keyDown(document.body, { key });
    fireEvent.keyDown(document.body, { key: 'Enter' });
  } finally {
    vi.useRealTimers();
  }
}

beforeEach(() => {
  resetClientStateForTests();
  act(() => closeModal());
  vi.mocked(signal).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('pickup handover (Konfirmasi)', () => {
  it('a wrong code is refused in Indonesian and nothing changes', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(ready)).on('POST', `${DETAIL}/handover`, fail(422, 'PICKUP_CODE_INVALID', 'Kode pengambilan salah.'));
    renderConfirm();
    await userEvent.type(await screen.findByLabelText('Kode pengambilan'), '123456');
    await userEvent.type(screen.getByLabelText('Nama penerima'), 'Rina');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    expect(await screen.findByTestId('pickup-code-error')).toHaveTextContent('Kode pengambilan salah.');
    expect(screen.getByLabelText('Kode pengambilan')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent(`/order/confirm/1103/${SHP}`);
    expect(signal).toHaveBeenLastCalledWith('error');
    expect(server.callsTo(`${DETAIL}/handover`)[0]!.body).toEqual({ pickupCode: '123456', receiverName: 'Rina' });
    // Typing again clears the error.
    await userEvent.type(screen.getByLabelText('Kode pengambilan'), '7');
    expect(screen.queryByTestId('pickup-code-error')).not.toBeInTheDocument();
  });

  it('checks the form before sending: 6 digits and a receiver name', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(ready));
    renderConfirm();
    await userEvent.type(await screen.findByLabelText('Kode pengambilan'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    expect(screen.getByTestId('pickup-code-error')).toHaveTextContent('Kode pengambilan berupa 6 digit angka atau QR pelanggan.');
    expect(screen.getByText('Nama penerima wajib diisi (minimal 2 huruf).')).toBeInTheDocument();
    expect(server.callsTo(`${DETAIL}/handover`)).toHaveLength(0);
  });

  it('a pasted receiver name over the limit is kept whole, counted and not sent until shortened', async () => {
    const server = mockFetch().on('GET', DETAIL, ok(ready)).on('POST', `${DETAIL}/handover`, ok({ ...ready, statusId: 1104 }));
    renderConfirm();
    await userEvent.type(await screen.findByLabelText('Kode pengambilan'), '123456');
    const name = screen.getByLabelText('Nama penerima');
    expect(name).not.toHaveAttribute('maxlength');
    await userEvent.click(name);
    await userEvent.paste('R'.repeat(103));
    expect(name).toHaveValue('R'.repeat(103));
    expect(screen.getByTestId('receiver-name-counter')).toHaveTextContent('103 / 100');
    expect(screen.getByRole('alert')).toHaveTextContent('Terlalu panjang: 103 dari maksimal 100 karakter. Hapus 3 karakter agar bisa dikirim.');
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    expect(server.callsTo(`${DETAIL}/handover`)).toHaveLength(0);
    await userEvent.click(name);
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(server.callsTo(`${DETAIL}/handover`)).toHaveLength(1));
  });

  it("a scanned QR of another order is refused; the customer's QR confirms the handover", async () => {
    const server = mockFetch()
      .on('GET', DETAIL, ok(ready))
      .on('POST', `${DETAIL}/handover`, ok({ ...ready, statusId: 1104, updatedAt: '2025-11-22T04:00:00.000Z' }));
    renderConfirm();
    await screen.findByLabelText('Kode pengambilan');
    wedge('GERAI:PICKUP:SHP9999999999999:123456');
    expect(await screen.findByTestId('pickup-code-error')).toHaveTextContent('QR ini untuk pesanan lain.');
    expect(signal).toHaveBeenLastCalledWith('error');

    wedge(`GERAI:PICKUP:${SHP}:654321`);
    await waitFor(() => expect(screen.getByLabelText('Kode pengambilan')).toHaveValue(`GERAI:PICKUP:${SHP}:654321`));
    expect(screen.getByText('QR pelanggan terbaca.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Isi: Nathania Julia' }));
    await userEvent.click(screen.getByRole('button', { name: 'Konfirmasi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/list-done'));
    expect(server.callsTo(`${DETAIL}/handover`)[0]!.body).toEqual({ pickupCode: `GERAI:PICKUP:${SHP}:654321`, receiverName: 'Nathania Julia' });
    expect(await screen.findByText(`Pesanan ${SHP} diserahkan kepada Nathania Julia.`)).toBeInTheDocument();
  });

  it('an order that is not waiting for pickup cannot be handed over here', async () => {
    mockFetch().on('GET', DETAIL, ok(orderDetail({ statusId: 1104, actions: ['finish'] })));
    renderConfirm();
    expect(await screen.findByText('Pesanan ini tidak menunggu pengambilan.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konfirmasi' })).not.toBeInTheDocument();
  });

  it('reads codes and QR texts', () => {
    expect(checkPickupInput(' 123456 ', SHP)).toEqual({ ok: true, value: '123456' });
    expect(checkPickupInput('', SHP)).toMatchObject({ ok: false, message: 'Kode pengambilan wajib diisi.' });
    expect(checkPickupInput('12a456', SHP)).toMatchObject({ ok: false });
    expect(checkPickupInput(`gerai:pickup:${SHP}:123456`, SHP)).toMatchObject({ ok: true });
    expect(checkPickupInput(`GERAI:PICKUP:${SHP}`, SHP)).toMatchObject({ ok: false, message: 'QR ini untuk pesanan lain.' });
  });
});

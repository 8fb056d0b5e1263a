import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { renderWithRouter } from '@/test/render';
import { ApiError } from '../api/api-error';
import { showErrorModal } from './error-to-modal';
import { ModalHost, type ModalRendererProps } from './modal-host';
import { closeModal, openModal, useModalStore } from './modal-store';

const onLogout = vi.fn();
const queryFn = vi.fn(async () => 'data');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function Page() {
  useQuery({ queryKey: ['orders', 'count'], queryFn });
  return <Where />;
}
function CustomStoreInfo({ titleId, finish }: ModalRendererProps) {
  return (
    <div>
      <h2 id={titleId}>Info Toko Kustom</h2>
      <button onClick={finish}>Tutup info</button>
    </div>
  );
}

function setup(initial = '/akun') {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost onLogout={onLogout} renderers={{ 'store-info': CustomStoreInfo }} />
          </>
        ),
        children: [
          { path: '/', element: <Page /> },
          { path: '/akun', element: <Page /> },
          { path: '/history', element: <Page /> },
          { path: '/list-pengajuan-pod', element: <Page /> },
        ],
      },
    ],
    { initialEntries: ['/', initial] },
  );
}

beforeEach(() => {
  act(() => closeModal());
  onLogout.mockReset();
  queryFn.mockClear();
});

describe('ModalHost', () => {
  it('renders an accessible dialog with the default error texts', async () => {
    setup();
    act(() => void showErrorModal(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' })));
    const dialog = await screen.findByRole('dialog', { name: 'Hmm, ada yang tidak beres…' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Sepertinya sistem dalam masalah. Periksa kembali koneksi anda & coba lagi');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('go-home: pressing the button closes the modal and navigates home', async () => {
    setup();
    act(() => void openModal({ title: 'Pesanan selesai', actionsType: 'go-home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('go-to-history and err-pod-approval navigate to their lists', async () => {
    setup();
    act(() => void openModal({ title: 'a', actionsType: 'go-to-history' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/history');
    act(() => void openModal({ title: 'b', actionsType: 'err-pod-approval' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/list-pengajuan-pod');
  });

  it('reload refetches the data of the screen', async () => {
    setup();
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    act(() => void openModal({ title: 'Gagal', actionsType: 'reload' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId('where')).toHaveTextContent('/akun');
  });

  it('logout calls the sign-out action', async () => {
    setup();
    act(() => void openModal({ title: 'Sesi berakhir', actionsType: 'logout', buttonText: 'Masuk lagi' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Masuk lagi' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('close goes back to the previous screen', async () => {
    setup();
    act(() => void openModal({ title: 'Gagal memuat', actionsType: 'close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('Escape closes a dismissible modal (running its close type) but not a force-update one', async () => {
    setup();
    act(() => void openModal({ title: 'Info', actionsType: 'go-home' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);

    act(() => void openModal({ title: 'Pembaruan wajib', dismissible: false }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Pembaruan wajib' })).toBeInTheDocument();
  });

  it('shows one modal at a time: a second open while one is shown is ignored', async () => {
    setup();
    act(() => void openModal({ title: 'Pertama' }));
    act(() => void openModal({ title: 'Kedua' }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Pertama' })).toBeInTheDocument();
  });

  it('renders a named modal kind with its renderer', async () => {
    setup();
    act(() => void openModal({ type: 'store-info', title: 'Info Toko' }));
    expect(await screen.findByRole('dialog', { name: 'Info Toko Kustom' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tutup info' }));
    expect(useModalStore.getState().isShow).toBe(false);
  });
});

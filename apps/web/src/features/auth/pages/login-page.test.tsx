import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { staffMember } from '@/test/fixtures';
import { renderWithQuery } from '@/test/render';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(nik: string, password: string) {
  const user = userEvent.setup();
  if (nik) await user.type(screen.getByLabelText('NIK'), nik);
  if (password) await user.type(screen.getByLabelText('Kata sandi'), password);
  await user.click(screen.getByRole('button', { name: 'Masuk' }));
}

describe('login page', () => {
  it("shows the server's Indonesian message for a wrong password", async () => {
    const server = mockFetch().on('POST', '/api/auth/login', fail(401, 'INVALID_CREDENTIALS', 'NIK atau kata sandi salah.'));
    const onLoggedIn = vi.fn();
    renderWithQuery(<LoginPage onLoggedIn={onLoggedIn} />);

    await fillAndSubmit('10000001', 'salah');

    expect(await screen.findByRole('alert')).toHaveTextContent('NIK atau kata sandi salah.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(server.callsTo('/api/auth/login')).toHaveLength(1);
    expect(server.callsTo('/api/auth/login')[0]!.body).toEqual({ nik: '10000001', password: 'salah' });
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(0);
  });

  it('shows the rate-limit message as the server words it', async () => {
    mockFetch().on('POST', '/api/auth/login', fail(429, 'RATE_LIMITED', 'Terlalu banyak percobaan. Coba lagi dalam beberapa saat.'));
    renderWithQuery(<LoginPage onLoggedIn={vi.fn()} />);
    await fillAndSubmit('10000001', 'gerai123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Terlalu banyak percobaan. Coba lagi dalam beberapa saat.');
  });

  it('validates the fields in Indonesian before calling the server', async () => {
    const server = mockFetch();
    renderWithQuery(<LoginPage onLoggedIn={vi.fn()} />);
    await fillAndSubmit('', '');
    expect(await screen.findByText('NIK wajib diisi')).toBeInTheDocument();
    expect(screen.getByText('Kata sandi wajib diisi')).toBeInTheDocument();
    expect(screen.getByLabelText('NIK')).toHaveAttribute('aria-invalid', 'true');

    await fillAndSubmit('12ab', 'x');
    expect(await screen.findByText('NIK harus berupa 8–16 digit angka')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('shows a loading state while signing in, then hands over the member', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockFetch().on('POST', '/api/auth/login', async () => {
      await gate;
      return ok({ token: 't', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000, member: staffMember });
    });
    const onLoggedIn = vi.fn();
    renderWithQuery(<LoginPage onLoggedIn={onLoggedIn} />);
    await fillAndSubmit('10000001', 'gerai123');

    const busy = await screen.findByRole('button', { name: 'Sedang masuk…' });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ member: staffMember })));
  });
});

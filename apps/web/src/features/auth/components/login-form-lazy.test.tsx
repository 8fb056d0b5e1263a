import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { id } from '@/shared/i18n/id';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithQuery } from '@/test/render';
import { LoginPage } from '../pages/login-page';

// Counts the loads of zod: the login form must show without it (its first paint at 4× CPU paid 14–20 ms for it).
const zod = vi.hoisted(() => ({ loads: 0 }));
vi.mock('zod/mini', async (importOriginal) => {
  zod.loads += 1;
  return importOriginal();
});

describe('login form', () => {
  it('shows without loading zod; the first check loads the schema and answers in Indonesian, nothing sent', async () => {
    const server = mockFetch();
    renderWithQuery(<LoginPage onLoggedIn={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(zod.loads).toBe(0);

    await userEvent.type(screen.getByLabelText('NIK'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText(id.auth.nikInvalid)).toBeInTheDocument();
    expect(screen.getByText(id.auth.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('NIK')).toHaveValue('12ab');
    expect(zod.loads).toBe(1);
    expect(server.callsTo('/api/auth/login')).toHaveLength(0);
  });
});

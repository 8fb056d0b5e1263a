import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { id } from '@/shared/i18n/id';
import { renderWithRouter } from '@/test/render';
import { RootLayout } from './root-layout';

function Broken(): never {
  throw new Error('layar rusak');
}

describe('a screen that crashes', () => {
  it('shows the error screen with a reload, and the next screen once the crew goes elsewhere', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderWithRouter(
      [{ element: <RootLayout />, children: [{ path: '/rusak', element: <Broken /> }, { path: '/', element: <p>Beranda</p> }] }],
      { initialEntries: ['/', '/rusak'] },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(id.errors.pageCrashed);
    expect(screen.getByRole('button', { name: id.common.refresh })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: id.common.toHome })).toHaveAttribute('href', '/');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Beranda')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});

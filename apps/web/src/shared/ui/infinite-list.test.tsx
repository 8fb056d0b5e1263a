import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { InfiniteList, type InfiniteListQuery, type ListPage } from './infinite-list';

type Page = ListPage<{ id: number; name: string }>;

function query(over: Partial<InfiniteListQuery<Page>> = {}): InfiniteListQuery<Page> {
  return {
    data: undefined,
    error: null,
    isPending: false,
    isFetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(() => Promise.resolve()),
    ...over,
  };
}

const pages = (...items: Array<Array<{ id: number; name: string }>>): InfiniteData<Page> => ({
  pages: items.map((page) => ({ items: page, total: 3 })),
  pageParams: items.map((_p, i) => i + 1),
});

function renderList(q: InfiniteListQuery<Page>, filtered: { title: string; onClear: () => void } | null = null) {
  return render(
    <InfiniteList
      query={q}
      itemKey={(item) => item.id}
      renderItem={(item) => <p>{item.name}</p>}
      skeleton={<div data-testid="card-skeleton" />}
      testId="things"
      label="Barang"
      texts={{ total: '{count} barang', loadError: 'Daftar gagal dimuat.', loadingMore: 'Memuat…', endOfList: 'Sudah semua.' }}
      empty={{ icon: 'orders', title: 'Belum ada barang', message: 'Barang baru muncul di sini.' }}
      filtered={filtered}
    />,
  );
}

describe('InfiniteList', () => {
  it('shows three skeleton cards while the first page loads', () => {
    renderList(query({ isPending: true }));
    expect(screen.getByTestId('things-loading')).toHaveAccessibleName('Memuat…');
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(3);
  });

  it('shows each item once across shifted pages, the total, and a way to the next page', async () => {
    const q = query({ data: pages([{ id: 1, name: 'Satu' }, { id: 2, name: 'Dua' }], [{ id: 2, name: 'Dua' }]), hasNextPage: true });
    renderList(q);
    expect(screen.getAllByText('Dua')).toHaveLength(1);
    expect(screen.getByTestId('things-total')).toHaveTextContent('3 barang');
    await userEvent.click(screen.getByRole('button', { name: 'Muat lebih banyak' }));
    expect(q.fetchNextPage).toHaveBeenCalled();
  });

  it('says when every item is shown', () => {
    renderList(query({ data: pages([{ id: 1, name: 'Satu' }]) }));
    expect(screen.getByText('Sudah semua.')).toBeInTheDocument();
  });

  it('shows a failed first load with the server message and a retry', async () => {
    const q = query({ error: new ApiError({ status: 503, code: 'HTTP_503', message: 'Server sibuk.' }) });
    renderList(q);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Daftar gagal dimuat.');
    expect(alert).toHaveTextContent('Server sibuk.');
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(q.refetch).toHaveBeenCalled();
  });

  it('has an empty state, and another with "Hapus filter" when filters hide everything', async () => {
    const { unmount } = renderList(query({ data: pages([]) }));
    expect(screen.getByText('Belum ada barang')).toBeInTheDocument();
    expect(screen.getByText('Barang baru muncul di sini.')).toBeInTheDocument();
    unmount();
    const onClear = vi.fn();
    renderList(query({ data: pages([]) }), { title: 'Tidak ada yang cocok.', onClear });
    expect(screen.getByText('Tidak ada yang cocok.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hapus filter' }));
    expect(onClear).toHaveBeenCalled();
  });
});

import { memo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InfiniteData } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { FIRST_COMMIT_ITEMS, InfiniteList, SLICE_ITEMS, type InfiniteListQuery, type ListPage } from './infinite-list';

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

function renderList(q: InfiniteListQuery<Page>, filtered: { title: string; onClear: () => void } | null = null, renderItem: (item: { id: number; name: string }) => React.ReactNode = (item) => <p>{item.name}</p>) {
  return render(list(q, filtered, renderItem));
}

function list(q: InfiniteListQuery<Page>, filtered: { title: string; onClear: () => void } | null = null, renderItem: (item: { id: number; name: string }) => React.ReactNode = (item) => <p>{item.name}</p>) {
  return (
    <InfiniteList
      query={q}
      itemKey={(item) => item.id}
      renderItem={renderItem}
      skeleton={<div data-testid="card-skeleton" />}
      testId="things"
      label="Barang"
      texts={{ total: '{count} barang', loadError: 'Daftar gagal dimuat.', loadingMore: 'Memuat…', endOfList: 'Sudah semua.' }}
      empty={{ icon: 'orders', title: 'Belum ada barang', message: 'Barang baru muncul di sini.' }}
      filtered={filtered}
    />
  );
}

const many = (n: number, from = 1) => Array.from({ length: n }, (_v, i) => ({ id: from + i, name: `Barang ${from + i}` }));
/** Runs the idle tasks one by one (each slice's commit schedules the next). */
const revealAll = () => {
  for (let i = 0; i < 20; i += 1) act(() => vi.advanceTimersToNextTimer());
};
const shownItems = () => within(screen.getByTestId('things')).queryAllByRole('listitem');

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

  describe('a long page', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('shows a screenful first, then a few more cards per idle task until every card is in the document', () => {
      vi.useFakeTimers();
      renderList(query({ data: pages(many(20)) }));
      expect(shownItems()).toHaveLength(FIRST_COMMIT_ITEMS);
      act(() => vi.advanceTimersToNextTimer());
      expect(shownItems()).toHaveLength(FIRST_COMMIT_ITEMS + SLICE_ITEMS);
      revealAll();
      // Every card reachable, in order, by its row (screen readers, find in page).
      expect(shownItems()).toHaveLength(20);
      expect(shownItems().map((li) => li.textContent)).toEqual(many(20).map((i) => i.name));
      expect(screen.getByText('Sudah semua.')).toBeInTheDocument();
    });

    it('asks for the next page only once every loaded card is shown', () => {
      vi.useFakeTimers();
      const q = query({ data: pages(many(20)), hasNextPage: true });
      renderList(q);
      expect(screen.queryByRole('button', { name: 'Muat lebih banyak' })).not.toBeInTheDocument();
      revealAll();
      expect(screen.getByRole('button', { name: 'Muat lebih banyak' })).toBeInTheDocument();
      expect(q.fetchNextPage).not.toHaveBeenCalled();
    });

    it('shows the cards of a later page a slice at a time, without rendering the shown ones again', () => {
      vi.useFakeTimers();
      const renders = new Map<number, number>();
      const Row = memo(function Row({ item }: { item: { id: number; name: string } }) {
        renders.set(item.id, (renders.get(item.id) ?? 0) + 1);
        return <p>{item.name}</p>;
      });
      const first = many(20);
      const { rerender } = renderList(query({ data: pages(first), hasNextPage: true }), null, (item) => <Row item={item} />);
      revealAll();
      rerender(list(query({ data: pages(first, many(20, 21)) }), null, (item) => <Row item={item} />));
      expect(shownItems()).toHaveLength(20);
      act(() => vi.advanceTimersToNextTimer());
      expect(shownItems()).toHaveLength(20 + SLICE_ITEMS);
      revealAll();
      expect(shownItems()).toHaveLength(40);
      expect(Math.max(...renders.values())).toBe(1);
    });

    it('starts over with a screenful when the list loads again (other filters)', () => {
      vi.useFakeTimers();
      const { rerender } = renderList(query({ data: pages(many(20)) }));
      revealAll();
      rerender(list(query({ isPending: true })));
      rerender(list(query({ data: pages(many(20, 100)) })));
      expect(shownItems()).toHaveLength(FIRST_COMMIT_ITEMS);
    });
  });
});

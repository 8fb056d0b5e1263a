import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { useLoadMoreSentinel } from '../hooks/use-in-view';
import { id, t } from '../i18n/id';
import { formatNumber } from '../utils/format';
import { Button } from './button';
import type { IconName } from './icons';
import { PullToRefresh } from './pull-to-refresh';
import { Spinner } from './spinner';
import { whenIdle } from '@/shared/utils/when-idle';
import { EmptyState, ErrorState } from './state-views';

/** A page of a list endpoint: its items and how many there are under the same filters. */
export interface ListPage<TItem> {
  items: readonly TItem[];
  total: number;
}

/** What the list needs of useInfiniteQuery's result. */
export interface InfiniteListQuery<TPage> {
  data: InfiniteData<TPage> | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

type ItemOf<TPage extends ListPage<unknown>> = TPage['items'][number];

export interface InfiniteListProps<TPage extends ListPage<unknown>, TItem = ItemOf<TPage>> {
  query: InfiniteListQuery<TPage>;
  itemKey: (item: TItem) => string | number;
  renderItem: (item: TItem) => ReactNode;
  /** One placeholder card; three are shown while the first page loads. */
  skeleton: ReactNode;
  /** `<testId>` on the list, `<testId>-loading`, `<testId>-total`. */
  testId: string;
  /** The list's accessible name (the tab or status it shows). */
  label: string;
  texts: {
    /** "{count} pesanan". */
    total: string;
    loadError: string;
    loadingMore: string;
    endOfList: string;
  };
  empty: { icon: IconName; title: string; message?: string };
  /** Set while filters are on: "nothing matches" replaces the empty state, with a way to clear them. */
  filtered?: { title: string; onClear: () => void } | null;
  /** Beside the total (e.g. the sort order the server used). */
  aside?: (first: TPage) => ReactNode;
  /** Above the list, inside the pull-to-refresh area (filters, toggles). */
  header?: ReactNode;
  /** Pull down at the top of the page; the default reloads the list. */
  onRefresh?: () => Promise<unknown>;
}

/**
 * Every paged list of the app: skeletons while the first page loads, an error
 * with retry, an empty state (another when filters hide everything), then the
 * items page by page as the crew scrolls (a sentinel near the end loads the
 * next page; a "Muat lebih banyak" button where IntersectionObserver is
 * missing), all under pull to refresh.
 */
export function InfiniteList<TPage extends ListPage<unknown>>(props: InfiniteListProps<TPage>) {
  const { query, header, onRefresh = query.refetch } = props;
  return (
    <PullToRefresh onRefresh={onRefresh}>
      <div className="flex flex-col gap-3 p-4">
        {header}
        <ListBody {...props} />
      </div>
    </PullToRefresh>
  );
}

/** Cards a 360 × 640 screen shows at once, with one to spare. */
export const FIRST_COMMIT_ITEMS = 5;
/** Cards each later task adds: a slice's render, commit and layout stay a short task on a slow phone. */
export const SLICE_ITEMS = 5;

/** The items of every loaded page, each once: offset pages shift when items arrive or move. */
function uniqueItems<TItem>(pages: ReadonlyArray<ListPage<TItem>>, itemKey: (item: TItem) => string | number): TItem[] {
  const items: TItem[] = [];
  const seen = new Set<string | number>();
  for (const page of pages) {
    for (const item of page.items) {
      const key = itemKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

function ListBody<TPage extends ListPage<unknown>>({ query, itemKey, renderItem, skeleton, testId, label, texts, empty, filtered, aside }: InfiniteListProps<TPage>) {
  const pages = query.data?.pages;
  const items = pages ? uniqueItems<ItemOf<TPage>>(pages, itemKey) : [];
  // The first commit renders what fills a phone's screen; the rest follows a few cards per idle
  // task (a page that arrives later too), so neither showing the data nor a next page is one long
  // task of render, commit and layout. Every card is in the document within a few frames: find in
  // page and screen readers reach them all.
  const [shown, setShown] = useState(FIRST_COMMIT_ITEMS);
  if (query.isPending && shown !== FIRST_COMMIT_ITEMS) setShown(FIRST_COMMIT_ITEMS);
  const allShown = shown >= items.length;
  useEffect(() => {
    if (allShown) return;
    return whenIdle(() => startTransition(() => setShown((n) => n + SLICE_ITEMS)));
  }, [allShown, shown]);
  // The next page is asked for once every loaded card is shown (the sentinel sits after them).
  const canLoadMore = allShown && query.hasNextPage;
  const sentinel = useLoadMoreSentinel<HTMLDivElement>({ hasNextPage: canLoadMore, isFetchingNextPage: query.isFetchingNextPage, fetchNextPage: query.fetchNextPage });

  if (query.isPending) {
    return (
      <div role="status" aria-label={id.common.loading} className="flex flex-col gap-3" data-testid={`${testId}-loading`}>
        {skeleton}
        {skeleton}
        {skeleton}
      </div>
    );
  }
  if (!pages) {
    return (
      <ErrorState title={texts.loadError} message={isApiError(query.error) ? query.error.message : undefined} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={filtered ? filtered.title : empty.title} message={filtered ? undefined : empty.message}>
        {filtered ? (
          <Button variant="secondary" onClick={filtered.onClear}>
            {id.filters.clear}
          </Button>
        ) : null}
      </EmptyState>
    );
  }

  const first = pages[0]!;
  return (
    <section aria-label={label} className="flex flex-col gap-3" data-testid={testId}>
      <p className="flex items-center justify-between text-xs text-slate-500">
        <span data-testid={`${testId}-total`}>{t(texts.total, { count: formatNumber(first.total) })}</span>
        {aside?.(first)}
      </p>
      {/* Cards below the screen are laid out and painted when scrolled to, not with the page
          (content-visibility): a page of 20 cards otherwise costs a long layout on a slow phone. */}
      <ul className="flex flex-col gap-3">
        {(allShown ? items : items.slice(0, shown)).map((item) => (
          <li key={itemKey(item)} className="[contain-intrinsic-size:auto_8.5rem] [content-visibility:auto]">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-11 flex-col items-center justify-center text-sm text-slate-500">
        {query.isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2" role="status">
            <Spinner className="size-4" />
            {texts.loadingMore}
          </span>
        ) : canLoadMore ? (
          <Button variant="ghost" onClick={() => void query.fetchNextPage()}>
            {id.common.loadMore}
          </Button>
        ) : allShown ? (
          <span>{texts.endOfList}</span>
        ) : null}
      </div>
    </section>
  );
}

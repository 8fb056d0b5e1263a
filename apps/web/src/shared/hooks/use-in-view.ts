import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the element scrolls into view (infinite lists). Without
 * IntersectionObserver (old webviews, tests) nothing happens: the list keeps a
 * "load more" button for that case.
 */
export function useInView<T extends Element>(onEnter: () => void, { enabled = true, rootMargin = '300px' }: { enabled?: boolean; rootMargin?: string } = {}) {
  const ref = useRef<T>(null);
  const onEnterRef = useRef(onEnter);
  useEffect(() => {
    onEnterRef.current = onEnter;
  }, [onEnter]);

  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onEnterRef.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}

interface InfinitePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A ref for the element at the end of an infinite list: in view, it loads the next page. */
export function useLoadMoreSentinel<T extends Element>({ hasNextPage, isFetchingNextPage, fetchNextPage }: InfinitePages) {
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return useInView<T>(loadMore, { enabled: hasNextPage && !isFetchingNextPage });
}

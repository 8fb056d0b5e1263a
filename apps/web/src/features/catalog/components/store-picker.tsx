import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { Store } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { id, t } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { useStores } from '../api/get-stores';

/** Waits until typing pauses, so a search is one request, not one per key. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Searchable list of the stores the caller may choose. */
export function StorePicker({
  activeStoreCode,
  pendingStoreCode,
  onPick,
}: {
  activeStoreCode: string | null;
  pendingStoreCode: string | null;
  onPick: (store: Store) => void;
}) {
  const inputId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(useDebounced(search, 300));
  const stores = useStores(query);
  const items = stores.data?.pages.flatMap((p) => p.items) ?? [];
  const total = stores.data?.pages[0]?.total ?? 0;

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {membersText.picker.searchLabel}
      </label>
      <div className="relative">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
        <input
          id={inputId}
          type="search"
          inputMode="search"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={membersText.picker.searchPlaceholder}
          className="min-h-11 w-full rounded-xl border border-slate-300 py-2 pr-3 pl-10 text-base focus:border-brand-600 focus:outline-2 focus:outline-brand-200"
          data-autofocus
        />
      </div>

      {stores.isPending ? (
        <div role="status" aria-label={id.common.loading} className="space-y-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : stores.isError ? (
        <ErrorState message={isApiError(stores.error) ? stores.error.message : undefined} onRetry={() => void stores.refetch()} retrying={stores.isRefetching} />
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{query ? t(membersText.picker.empty, { query }) : membersText.picker.emptyAll}</p>
      ) : (
        <>
          <p className="text-xs text-slate-500">{t(membersText.picker.total, { count: total })}</p>
          <ul className="flex flex-col gap-2" aria-label={membersText.picker.title}>
            {items.map((store) => {
              const active = store.storeCode === activeStoreCode;
              const pending = store.storeCode === pendingStoreCode;
              return (
                <li key={store.storeCode}>
                  <button
                    type="button"
                    onClick={() => onPick(store)}
                    disabled={pendingStoreCode !== null}
                    aria-current={active ? 'true' : undefined}
                    data-testid={`store-option-${store.storeCode}`}
                    className={cn(
                      'flex min-h-14 w-full items-center gap-3 rounded-xl border px-3 py-2 text-left disabled:opacity-60',
                      active ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
                    )}
                  >
                    <Icon name="store" className="size-6 shrink-0 text-brand-700" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-slate-900">{store.storeName}</span>
                      <span className="block truncate text-sm text-slate-500">
                        {store.storeCode} · {store.kelurahan}, {store.kecamatan}
                      </span>
                    </span>
                    {pending ? (
                      <span className="text-xs text-slate-500">{membersText.picker.selecting}</span>
                    ) : active ? (
                      <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{membersText.picker.current}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          {stores.hasNextPage ? (
            <Button variant="secondary" onClick={() => void stores.fetchNextPage()} loading={stores.isFetchingNextPage}>
              {id.common.loadMore}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

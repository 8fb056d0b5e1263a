import { STOCK_LOOKUP, type StockSearchItem } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { id, t } from '@/shared/i18n/id';
import { stockText } from '@/shared/i18n/stock';
import { Button } from '@/shared/ui/button';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { SearchField } from '@/shared/ui/search-field';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { ProductTitle } from '@/shared/ui/product-title';
import { useStockSearch } from '../api/search-stock-products';

const text = stockText;

/** How long typing rests before the search is asked. */

/**
 * A product search for screens of other areas that choose products with my store's stock (the MAT
 * send screen gets it from the app's route: features do not import each other). Typed name or
 * barcode, the catalogue's answer with my sellable stock per product; choosing one hands it to
 * `onPick` and clears the search for the next.
 */
export function StockProductPicker({ onPick, autoFocus = false }: { onPick: (item: StockSearchItem) => void; autoFocus?: boolean }) {
  const { draft, setDraft, query, searchNow, reset } = useDebouncedText();

  const results = useStockSearch(query);
  const searching = query.length >= STOCK_LOOKUP.searchMin;
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const tooShort = draft.trim().length > 0 && draft.trim().length < STOCK_LOOKUP.searchMin;

  const pick = (item: StockSearchItem) => {
    onPick(item);
    reset();
  };

  return (
    <div className="flex flex-col gap-2" data-testid="stock-product-picker">
      <div className="relative flex items-center">
        <SearchField
          value={draft}
          onChange={setDraft}
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          onKeyDown={(e) => {
            // Enter searches now instead of after the pause.
            if (e.key === 'Enter') {
              e.preventDefault();
              searchNow();
            }
          }}
          autoFocus={autoFocus}
          onClear={reset}
          clearLabel={text.clearSearch}
          testId="stock-picker-search"
        />
      </div>
      {tooShort ? <p className="text-xs text-slate-500">{t(text.searchMin, { min: STOCK_LOOKUP.searchMin })}</p> : null}
      {searching ? (
        results.isPending ? (
          <div role="status" aria-label={id.common.loading} className="flex flex-col gap-2" data-testid="stock-picker-loading">
            <Skeleton className="h-16 w-full rounded-2xl" />
            <Skeleton className="h-16 w-full rounded-2xl" />
          </div>
        ) : !results.data ? (
          <ErrorState title={text.list.loadError} message={isApiError(results.error) ? results.error.message : undefined} onRetry={() => void results.refetch()} retrying={results.isFetching} />
        ) : items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600" data-testid="stock-picker-empty">
            {t(text.list.emptyMessage, { query })}
          </p>
        ) : (
          <ul aria-label={text.list.label} className="flex flex-col gap-2" data-testid="stock-picker-results">
            {items.map((item) => (
              <li key={item.productID}>
                <button
                  type="button"
                  onClick={() => pick(item)}
                  data-testid={`stock-pick-${item.productID}`}
                  className="flex min-h-11 w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-2 text-left active:bg-slate-50"
                >
                  <ProductThumb imageUrl={item.imageUrl} className="size-10" />
                  <ProductTitle name={item.name} code={item.barcode} inline />
                  <span className="flex shrink-0 flex-col items-end">
                    <span className={cn('text-lg font-bold tabular-nums', item.qty > 0 ? 'text-slate-900' : 'text-slate-500')}>{formatNumber(item.qty)}</span>
                    <span className="text-xs text-slate-500">{text.list.myStock}</span>
                  </span>
                </button>
              </li>
            ))}
            {results.hasNextPage ? (
              <li>
                <Button variant="ghost" block onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage}>
                  {id.common.loadMore}
                </Button>
              </li>
            ) : null}
          </ul>
        )
      ) : null}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { STOCK_LOOKUP } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { stockText } from '@/shared/i18n/stock';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { Icon } from '@/shared/ui/icons';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SearchField } from '@/shared/ui/search-field';
import { Spinner } from '@/shared/ui/spinner';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { isProductNotFound, useStockLookup } from '../api/get-stock-lookup';
import { useStockSearch } from '../api/search-stock-products';
import { StockLookupSkeleton, StockLookupView } from '../components/stock-lookup-view';
import { StockSearchItem, StockSearchItemSkeleton } from '../components/stock-search-item';
import { stockKeys } from '../query-keys';
import { useStockScan } from '../hooks/use-stock-scan';

const text = stockText;

/** How long typing rests before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
/** What a barcode typed (or a hardware scanner typing) into the search field looks like: EAN-8 to GTIN-14. */
const BARCODE_LIKE = /^\d{8,14}$/;

/** The page's state in its URL, so back and refresh show the same: `q` the search, `productId` the product shown. */
const PARAM = { query: 'q', productId: 'productId', inStockOnly: 'inStockOnly' } as const;


/**
 * /cek-stock — a product's stock in my store and in the nearest stores of the chain (decision 88):
 * scan its barcode (camera, hardware scanner, native scanner, typed) or search it by name and choose.
 */
export default function CekStockPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const query = search.get(PARAM.query) ?? '';
  const productId = search.get(PARAM.productId) || null;
  const inStockOnly = search.get(PARAM.inStockOnly) === 'true';

  /** Changes some of the page's params, keeping the others. */
  const update = useCallback(
    (changes: Partial<Record<keyof typeof PARAM, string | null>>, { replace }: { replace: boolean }) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes) as Array<[keyof typeof PARAM, string | null]>) {
            if (value) next.set(PARAM[key], value);
            else next.delete(PARAM[key]);
          }
          return next;
        },
        { replace },
      ),
    [setSearch],
  );

  // --- search by name ---------------------------------------------------------------------------
  const [draft, setDraft] = useState(query);
  // The query this page last wrote: a different one in the URL came from back/forward, and the field follows it.
  const written = useRef(query);
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setDraft(query);
  }, [query]);
  const applyQuery = useCallback(
    (value: string) => {
      const q = value.trim();
      if (q === written.current) return;
      written.current = q;
      // Typing a new search leaves the product shown: the results take its place.
      update({ query: q || null, productId: null }, { replace: true });
    },
    [update],
  );
  useEffect(() => {
    if (draft.trim() === query) return;
    const timer = setTimeout(() => applyQuery(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query, applyQuery]);

  // --- scan a barcode -----------------------------------------------------------------------------
  const { scan, setScan, onScan } = useStockScan(inStockOnly, (productId) => update({ productId }, { replace: false }));

  const onSubmitSearch = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    // A hardware scanner typing into the focused field, or a barcode typed there: look it up as a scan.
    if (BARCODE_LIKE.test(value)) {
      // The field is emptied for the next scan; the product shown stays until the code finds another.
      setDraft('');
      if (written.current) {
        written.current = '';
        update({ query: null }, { replace: true });
      }
      void onScan(value);
      return;
    }
    applyQuery(value);
  };

  const choose = (chosen: string) => {
    setScan(null);
    update({ productId: chosen }, { replace: false });
  };

  // --- what is shown ------------------------------------------------------------------------------
  const lookup = useStockLookup(productId, inStockOnly);
  const results = useStockSearch(query);

  const refresh = () => queryClient.refetchQueries({ queryKey: stockKeys.all, type: 'active' });
  const searching = query.length >= STOCK_LOOKUP.searchMin;

  let content: ReactNode;
  if (productId) {
    let body: ReactNode;
    if (lookup.data) {
      body = (
        <StockLookupView
          lookup={lookup.data}
          inStockOnly={inStockOnly}
          onInStockOnly={(value) => update({ inStockOnly: value ? 'true' : null }, { replace: true })}
          updating={lookup.isFetching}
        />
      );
    } else if (lookup.isPending && lookup.fetchStatus !== 'idle') {
      body = <StockLookupSkeleton />;
    } else if (lookup.data === null || isProductNotFound(lookup.error)) {
      body = <EmptyState icon="stock" title={text.product.notFoundTitle} message={t(text.product.notFoundMessage, { productId })} />;
    } else {
      body = (
        <ErrorState
          title={text.product.loadError}
          message={isApiError(lookup.error) ? lookup.error.message : undefined}
          onRetry={() => void lookup.refetch()}
          retrying={lookup.isFetching}
        />
      );
    }
    content = (
      <PullToRefresh onRefresh={refresh}>
        <div className="p-4">{body}</div>
      </PullToRefresh>
    );
  } else if (searching) {
    content = (
      <InfiniteList
        query={results}
        itemKey={(item) => item.productID}
        renderItem={(item) => <StockSearchItem item={item} onChoose={choose} />}
        skeleton={<StockSearchItemSkeleton />}
        testId="stock-results"
        label={text.list.label}
        texts={{ total: text.list.total, loadError: text.list.loadError, loadingMore: text.list.loadingMore, endOfList: text.list.endOfList }}
        empty={{ icon: 'stock', title: text.list.emptyTitle, message: t(text.list.emptyMessage, { query }) }}
        onRefresh={refresh}
      />
    );
  } else {
    content = (
      <div className="p-4">
        <EmptyState icon="stock" title={text.intro.title} message={text.intro.message} />
      </div>
    );
  }

  const draftTooShort = draft.trim().length > 0 && draft.trim().length < STOCK_LOOKUP.searchMin;

  return (
    <>
      <PageHeader
        title={id.routes.cekStock}
        backTo={paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={text.refresh} />}
      />
      {/* Scan and search in a few compact rows, so the stock below stays in view at 360 × 640. */}
      <section className="border-b border-slate-200 bg-white px-3 pt-2" data-testid="stock-finder">
        <ScannerPanel
          onScan={(code) => void onScan(code)}
          title={text.scanTitle}
          layout="compact"
          manualLabel={text.manualLabel}
          manualPlaceholder={text.manualPlaceholder}
          // A scan being looked up closes the camera: the answer shows below it.
          enabled={scan?.kind !== 'pending'}
        >
          <form role="search" onSubmit={onSubmitSearch} className="relative flex items-center" noValidate>
            <SearchField
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setScan(null);
              }}
              label={text.searchLabel}
              placeholder={text.searchPlaceholder}
              onClear={() => {
                setDraft('');
                applyQuery('');
              }}
              clearLabel={text.clearSearch}
              testId="stock-search"
            />
          </form>
          {/* One line kept for what a scan or the search has to say: nothing below moves when it speaks. */}
          <div aria-live="polite" className="flex min-h-11 items-center" data-testid="stock-scan-feedback">
            {scan?.kind === 'pending' ? (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" />
                <span className="line-clamp-1">{t(text.scanning, { code: scan.code })}</span>
              </p>
            ) : scan ? (
              <p role="alert" className="flex w-full items-start gap-2 rounded-xl bg-red-50 px-2 py-1.5 text-xs leading-4 font-semibold text-red-800">
                <Icon name="alert" className="size-4 shrink-0" />
                <span className="line-clamp-2">
                  {scan.kind === 'notFound' ? t(text.barcodeNotFound, { code: scan.code }) : t(text.scanFailed, { code: scan.code, message: scan.message })}
                </span>
              </p>
            ) : draftTooShort ? (
              <p className="text-xs text-slate-500">{t(text.searchMin, { min: STOCK_LOOKUP.searchMin })}</p>
            ) : (
              <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
            )}
          </div>
        </ScannerPanel>
      </section>
      {content}
    </>
  );
}

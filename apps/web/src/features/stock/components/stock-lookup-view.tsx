import { formatDistance, type StockLookup, type StoreStock } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { stockText } from '@/shared/i18n/stock';
import { Link } from 'react-router';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { Skeleton } from '@/shared/ui/skeleton';
import { Spinner } from '@/shared/ui/spinner';
import { EmptyState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { ProductThumb } from '@/shared/ui/product-thumb';

const text = stockText;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The product and my store's stock of it: what the crew came for, first and large. */
function ProductCard({ lookup }: { lookup: StockLookup }) {
  const { product, store } = lookup;
  return (
    <section aria-label={product.name} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="stock-product">
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={product.imageUrl} className="size-14" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="line-clamp-2 font-semibold text-slate-900" data-testid="stock-product-name">
            {product.name}
          </h2>
          <p className="font-mono text-xs text-slate-500">{t(text.product.barcode, { barcode: product.barcode })}</p>
          <p className="text-sm font-medium text-slate-800 tabular-nums" data-testid="stock-product-price">
            {t(text.product.price, { price: formatRupiah(product.price), unit: product.unit })}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3 rounded-xl bg-brand-50 px-3 py-2" data-testid="stock-my-store">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-semibold text-brand-900">{text.myStore.label}</span>
          <span className="truncate text-xs text-brand-800">{t(text.myStore.store, { code: store.storeCode, name: store.storeName })}</span>
          {store.qtyReserved > 0 ? (
            <span className="text-xs font-medium text-amber-800" data-testid="stock-my-reserved">
              {t(text.myStore.reserved, { qty: formatNumber(store.qtyReserved) })}
            </span>
          ) : null}
          {store.qty < 0 ? <span className="text-xs font-medium text-red-700">{text.myStore.negative}</span> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end">
          <span className={cn('text-2xl font-bold tabular-nums', store.qty > 0 ? 'text-brand-900' : store.qty < 0 ? 'text-red-700' : 'text-slate-500')} data-testid="stock-my-qty">
            {formatNumber(store.qty)}
          </span>
          <span className="text-xs text-brand-800">{text.myStore.sellable}</span>
        </div>
      </div>
    </section>
  );
}

/**
 * The way into "which stores near me can serve this product": the booking lists by area (my kelurahan,
 * my kecamatan), for this product, with stock and distance there. Feature code does not import another
 * feature: the lists are reached by their routes.
 */
/** A secondary button's look, one line at 360 px: the two choices side by side. */
const AREA_LINK =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl border border-brand-600 bg-white px-2 text-sm font-semibold whitespace-nowrap text-brand-700 active:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The two rings of stores around mine, each a link to the booking list of that ring. */
const AREAS = [
  { ring: 'kelurahan', path: paths.bookingListKelurahan, icon: 'store', label: text.areas.kelurahanLabel, text: text.areas.kelurahan },
  { ring: 'kecamatan', path: paths.bookingListKecamatan, icon: 'pin', label: text.areas.kecamatanLabel, text: text.areas.kecamatan },
] as const;

export function AreaLinks({ product }: { product: StockLookup['product'] }) {
  const search = `?${new URLSearchParams({ productId: product.productID }).toString()}`;
  return (
    <nav aria-label={text.areas.label} className="flex flex-col gap-1.5" data-testid="stock-areas">
      <p className="text-xs font-medium text-slate-600">{text.areas.label}</p>
      <div className="grid grid-cols-2 gap-2">
        {AREAS.map((a) => (
          <Link key={a.ring} to={`${a.path}${search}`} className={AREA_LINK} aria-label={t(a.label, { name: product.name })} data-testid={`stock-area-${a.ring}`}>
            <Icon name={a.icon} className="size-4" />
            {a.text}
          </Link>
        ))}
      </div>
    </nav>
  );
}

function ProximityChip({ proximity }: { proximity: StoreStock['proximity'] }) {
  const label = text.nearby.proximity[proximity];
  if (!label) return null;
  return (
    <span
      className={cn('inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', proximity === 'kelurahan' ? 'bg-emerald-50 text-emerald-800' : 'bg-sky-50 text-sky-800')}
      data-testid="stock-proximity"
    >
      {label}
    </span>
  );
}

/** One nearby store: where it is, how far, its stock (greyed at none) and a call button. */
function StoreStockRow({ store }: { store: StoreStock }) {
  const has = store.qty > 0;
  return (
    <li
      className={cn('flex items-center gap-3 rounded-2xl border p-3', has ? 'border-slate-200 bg-white' : 'border-slate-100 bg-slate-50')}
      data-testid={`stock-store-${store.storeCode}`}
      data-in-stock={has}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className={cn('truncate text-sm font-semibold', has ? 'text-slate-900' : 'text-slate-500')}>{store.storeName}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
          <span className="font-mono">{store.storeCode}</span>
          <span aria-hidden="true">·</span>
          <span className="tabular-nums" data-testid="stock-distance">
            {formatDistance(store.distanceM)}
          </span>
          <ProximityChip proximity={store.proximity} />
        </p>
        <p className="truncate text-xs text-slate-500">{t(text.nearby.place, { kelurahan: store.kelurahan, kecamatan: store.kecamatan })}</p>
      </div>
      <div className="flex w-14 shrink-0 flex-col items-end">
        <span className={cn('text-xl font-bold tabular-nums', has ? 'text-emerald-700' : 'text-slate-500')} data-testid="stock-store-qty">
          {formatNumber(store.qty)}
        </span>
        <span className={cn('text-xs', has ? 'text-slate-600' : 'text-slate-500')}>{has ? text.nearby.stock : text.nearby.empty}</span>
        {store.qtyReserved > 0 ? <span className="text-right text-[11px] leading-tight text-amber-800">{t(text.nearby.reserved, { qty: formatNumber(store.qtyReserved) })}</span> : null}
      </div>
      {store.phone ? (
        <a
          href={telHref(store.phone)}
          aria-label={t(text.nearby.call, { name: store.storeName })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-brand-600 text-brand-700 active:bg-brand-50"
        >
          <Icon name="phone" className="size-5" />
        </a>
      ) : (
        // The column keeps its width: rows line up whether or not a store has a phone.
        <span aria-label={text.nearby.noPhone} role="img" className="inline-flex size-11 shrink-0 items-center justify-center text-slate-300">
          <Icon name="phone" className="size-5" />
        </span>
      )}
    </li>
  );
}

/**
 * The lookup: the product with my store's stock, then the nearest stores as the server sorted them
 * (nearest first), with "Hanya yang ada stok". `updating` shows a refresh under way in a line kept for it.
 */
export function StockLookupView({
  lookup,
  inStockOnly,
  onInStockOnly,
  updating,
}: {
  lookup: StockLookup;
  inStockOnly: boolean;
  onInStockOnly: (value: boolean) => void;
  updating: boolean;
}) {
  return (
    <div className="flex flex-col gap-3" data-testid="stock-lookup">
      <ProductCard lookup={lookup} />
      <AreaLinks product={lookup.product} />
      <div className="flex items-center gap-2">
        <h2 className="flex-1 text-sm font-semibold whitespace-nowrap text-slate-900">{text.nearby.title}</h2>
        <button
          type="button"
          aria-pressed={inStockOnly}
          onClick={() => onInStockOnly(!inStockOnly)}
          data-testid="stock-in-stock-only"
          className={cn(
            'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-2.5 text-sm font-semibold whitespace-nowrap',
            inStockOnly ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700',
          )}
        >
          <Icon name={inStockOnly ? 'check' : 'filter'} className="size-4" />
          {text.nearby.inStockOnly}
        </button>
      </div>
      {lookup.nearby.length === 0 ? (
        <EmptyState
          icon="store"
          title={inStockOnly ? text.nearby.emptyInStockTitle : text.nearby.emptyTitle}
          message={inStockOnly ? text.nearby.emptyInStockMessage : undefined}
          className="border border-slate-200"
        >
          {inStockOnly ? (
            <Button variant="secondary" onClick={() => onInStockOnly(false)}>
              {text.nearby.showAll}
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <ul aria-label={text.nearby.title} className="flex flex-col gap-2" data-testid="stock-nearby">
          {lookup.nearby.map((store) => (
            <StoreStockRow key={store.storeCode} store={store} />
          ))}
        </ul>
      )}
      <p className="flex min-h-5 items-center gap-2 text-xs text-slate-500" aria-live="polite">
        {updating ? (
          <>
            <Spinner className="size-3.5" />
            {text.nearby.updating}
          </>
        ) : (
          text.nearby.autoRefresh
        )}
      </p>
    </div>
  );
}

/** The lookup's shape while it loads: the same blocks at their heights, so the answer does not move the page. */
export function StockLookupSkeleton() {
  return (
    <div role="status" aria-label={id.common.loading} className="flex flex-col gap-3" data-testid="stock-lookup-loading">
      <Skeleton className="h-[9.5rem] w-full rounded-2xl" />
      <Skeleton className="h-[4.125rem] w-full rounded-xl" />
      <div className="flex items-center justify-between">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-11 w-40 rounded-full" />
      </div>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-[4.75rem] w-full rounded-2xl" />
      ))}
    </div>
  );
}

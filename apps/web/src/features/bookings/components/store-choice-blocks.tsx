// The store choice's shared blocks: the ring switch, the store list, the context card's states and the line card.
import { type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ERROR_MESSAGES, type BookingLine, type BookingStore, type StoreProximity } from '@gerai/contract';
import { hasErrorCode, isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { SearchRow } from '@/shared/ui/search-row';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useBookingStores } from '../api/get-booking-stores';
import { BookingStoreCard, BookingStoreCardSkeleton } from './booking-store-card';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { bookingKeys } from '../query-keys';
import { type StoreRing } from '../hooks/use-store-choice';

const text = bookingsText.choice;
const PAGE_SIZE = 20;

/** Kelurahan | Kecamatan, keeping the context; on the kecamatan page the chip that reaches beyond it. */
export function RingSwitch({ scope, nearby, contextSearch, onNearby }: { scope: StoreRing; nearby: boolean; contextSearch: string; onNearby: (on: boolean) => void }) {
  const link = (r: StoreRing) => (
    <Link
      to={{ pathname: r === 'kelurahan' ? paths.bookingListKelurahan : paths.bookingListKecamatan, search: contextSearch }}
      replace
      aria-current={r === scope ? 'page' : undefined}
      className={cn('inline-flex min-h-11 items-center justify-center rounded-lg text-sm font-semibold', r === scope ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600')}
      data-testid={`ring-${r}`}
    >
      {text[r]}
    </Link>
  );
  return (
    <div className="flex flex-col gap-2">
      <nav aria-label={text.ringLabel} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {link('kelurahan')}
        {link('kecamatan')}
      </nav>
      {scope === 'kecamatan' ? (
        <button
          type="button"
          aria-pressed={nearby}
          onClick={() => onNearby(!nearby)}
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-xl border px-3 py-1 text-left text-sm font-medium',
            nearby ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700',
          )}
          data-testid="ring-nearby"
        >
          <span aria-hidden="true" className={cn('inline-flex size-4 items-center justify-center rounded border', nearby ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400')}>
            {nearby ? <Icon name="check" className="size-3" /> : null}
          </span>
          {text.includeNearby}
        </button>
      ) : null}
    </div>
  );
}

export interface ChoiceProps {
  ring: StoreProximity;
  scope: StoreRing;
  query: string;
  onSearch: (q: string | undefined) => void;
  rings: ReactNode;
  toKecamatan: string;
  onNearby: () => void;
}

/**
 * The stores of the ring with stock ≥ `qty`, under the page's context card and ring switch. An empty
 * ring says so and offers the wider one (kelurahan → kecamatan → nearby).
 */
export function StoreList({
  productId,
  qty,
  bookID,
  header,
  action,
  ring,
  query,
  onSearch,
  rings,
  toKecamatan,
  onNearby,
}: ChoiceProps & { productId: string; qty: number; bookID?: number; header: ReactNode; action?: (store: BookingStore) => ReactNode }) {
  const queryClient = useQueryClient();
  const list = useBookingStores({ productId, qty, scope: ring, bookID, q: query.trim(), size: PAGE_SIZE }, { enabled: Boolean(productId) && qty > 0 });
  const refresh = () => queryClient.refetchQueries({ queryKey: bookingKeys.all, type: 'active' });
  const top = (
    <>
      {header}
      {rings}
      <SearchRow query={query} label={text.searchLabel} placeholder={text.searchPlaceholder} onSearch={onSearch} testId="store-search" />
    </>
  );

  const empty = list.data !== undefined && !list.isPlaceholderData && (list.data.pages[0]?.total ?? 0) === 0 && !query.trim();
  if (empty) {
    return (
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4">
          {top}
          <EmptyState icon="store" title={text.emptyTitle[ring]} message={t(text.emptyMessage, { qty: formatNumber(qty) })} className="min-h-40">
            {ring === 'kelurahan' ? (
              <ButtonLink to={toKecamatan} replace variant="secondary" data-testid="ring-wider">
                {text.toKecamatan}
              </ButtonLink>
            ) : ring === 'kecamatan' ? (
              <Button variant="secondary" onClick={onNearby} data-testid="ring-wider">
                {text.toNearby}
              </Button>
            ) : null}
          </EmptyState>
        </div>
      </PullToRefresh>
    );
  }
  return (
    <InfiniteList
      query={list}
      itemKey={(s) => s.storeCode}
      renderItem={(s) => <BookingStoreCard store={s} action={action?.(s)} />}
      skeleton={<BookingStoreCardSkeleton />}
      testId="booking-stores"
      label={text.ringLabel}
      texts={{ total: text.total, loadError: text.loadError, loadingMore: bookingsText.list.loadingMore, endOfList: bookingsText.list.endOfList }}
      empty={{ icon: 'store', title: text.emptyTitle[ring], message: t(text.emptyMessage, { qty: formatNumber(qty) }) }}
      filtered={query.trim() ? { title: text.emptyFiltered, onClear: () => onSearch(undefined) } : null}
      onRefresh={refresh}
      header={top}
    />
  );
}

/** The line card with its stepper, about as tall as it loads. */
export const HEADER_HEIGHT = 'h-60';

/** The context card's place while it loads: the same height, so the list under it never moves. */
const HeaderSkeleton = ({ height }: { height: string }) => <SkeletonStack bars={[`${height} w-full rounded-2xl`]} testId="choice-header-loading" />;

/** A failed context read: not there (404), an order no longer in picking (409), else a retry. */
interface ContextQuery {
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The choice's context (the short line, or the refused booking) while it loads, or why it cannot be shown. */
export function ContextState({ query, headerHeight, notFound, loadError }: { query: ContextQuery; headerHeight: string; notFound: { title: string; message: string }; loadError: string }) {
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <HeaderSkeleton height={headerHeight} />
        <SkeletonStack bars={['h-24 w-full rounded-2xl', 'h-28 w-full rounded-2xl', 'h-28 w-full rounded-2xl']} />
      </div>
    );
  }
  return (
    <div className="p-4">
      <ContextError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} notFound={notFound} loadError={loadError} />
    </div>
  );
}

function ContextError({ error, onRetry, retrying, notFound, loadError }: { error: unknown; onRetry: () => void; retrying: boolean; notFound: { title: string; message: string }; loadError: string }) {
  if (hasErrorCode(error, 'BOOKING_ORDER_NOT_PICKING')) {
    return <EmptyState icon="orders" title={text.notPickingTitle} message={ERROR_MESSAGES.BOOKING_ORDER_NOT_PICKING} />;
  }
  if (isApiError(error) && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState icon="booking" title={notFound.title} message={notFound.message}>
        <ButtonLink to={paths.bookingListProduct} variant="secondary">
          {bookingsText.common.toList}
        </ButtonLink>
      </EmptyState>
    );
  }
  return <ErrorState title={loadError} message={isApiError(error) ? error.message : undefined} onRetry={onRetry} retrying={retrying} />;
}

/** The short line as the server counts it: ordered, picked, out of stock, already booked, and what it lacks. */
export function LineCard({ line, children }: { line: BookingLine; children?: ReactNode }) {
  return (
    <Card title={text.lineTitle} testId="choice-line" actions={<span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-800 tabular-nums" data-testid="choice-lacking">{t(text.lacking, { n: formatNumber(line.lacking) })}</span>}>
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={line.imageUrl} />
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="line-clamp-2 font-medium text-slate-900" data-testid="choice-product">
            {line.name}
          </p>
          <p className="font-mono text-xs text-slate-500">
            {line.barcode} · {line.shipmentNo}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center">
        {(
          [
            [text.ordered, line.qty, 'ordered'],
            [text.picked, line.qtyPicked, 'picked'],
            [text.oos, line.attrQtyOos, 'oos'],
            [text.booked, line.qtyBooked, 'booked'],
          ] as const
        ).map(([label, value, key]) => (
          <div key={key} className="flex flex-col rounded-lg bg-slate-50 px-1 py-1">
            <dt className="text-[0.6875rem] leading-tight text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-testid={`choice-line-${key}`}>
              {formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}

/** A store's action under the list (book here, offer here): busy on the store the mutation is sending to, off while any is. */
export function ChooseStoreButton({
  store,
  mutation,
  onChoose,
  label,
  ariaLabel,
  testId,
}: {
  store: BookingStore;
  mutation: { isPending: boolean; queued?: boolean; variables?: { storeCode: string } };
  onChoose: (store: BookingStore) => void;
  label: string;
  ariaLabel: string;
  testId: string;
}) {
  return (
    <Button block onClick={() => onChoose(store)} loading={mutation.isPending && !mutation.queued && mutation.variables?.storeCode === store.storeCode} disabled={mutation.isPending} aria-label={ariaLabel} data-testid={testId}>
      {label}
    </Button>
  );
}

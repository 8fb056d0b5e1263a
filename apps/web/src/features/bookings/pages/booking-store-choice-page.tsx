import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BOOKING_STATUS_LABEL, ERROR_MESSAGES, type BookingDetail, type BookingLine, type BookingStore, type StoreProximity } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { hasErrorCode, isApiError } from '@/shared/api/api-error';
import { refusalModalOf } from '@/shared/api/refusal';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { SearchRow } from '@/shared/ui/search-row';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { PageHeader, useGoBack } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { clampQuantity, Stepper } from '@/shared/ui/stepper';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useCreateBooking } from '../api/create-booking';
import { useBooking } from '../api/get-booking';
import { useBookingProposal } from '../api/get-booking-proposal';
import { useBookingStores } from '../api/get-booking-stores';
import { useBrowsedProduct } from '../api/get-browsed-product';
import { useReofferBooking } from '../api/reoffer-booking';
import { BookingStatusChip } from '../components/booking-status-chip';
import { BookingStoreCard, BookingStoreCardSkeleton } from '../components/booking-store-card';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { bookingKeys } from '../query-keys';
import { BOOKING_OTHERWISE, BOOKING_REFUSALS } from '../refusals';

const text = bookingsText.choice;
const PAGE_SIZE = 20;

export type StoreRing = 'kelurahan' | 'kecamatan';

/** Why the page was opened, from its query string. */
type Context =
  | { kind: 'picking'; shipmentNo: string; lineId: number }
  | { kind: 'reoffer'; bookID: number }
  | { kind: 'browse'; productId: string; qty: number }
  | { kind: 'none' };

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

function contextOf(search: URLSearchParams): Context {
  const shipmentNo = search.get('shipmentNo')?.trim() ?? '';
  const lineId = positive(search.get('lineId'));
  if (shipmentNo && lineId) return { kind: 'picking', shipmentNo, lineId };
  const bookID = positive(search.get('bookID'));
  if (bookID) return { kind: 'reoffer', bookID };
  const productId = search.get('productId')?.trim() ?? '';
  if (productId) return { kind: 'browse', productId, qty: positive(search.get('qty')) || 1 };
  return { kind: 'none' };
}

/** The page's own parameters: the store search and the "nearby" chip, kept apart from the context. */
const OWN_PARAMS = ['q', 'nearby'];

/**
 * /booking-list-kelurahan and /booking-list-kecamatan: the stores that can serve a product within my
 * kelurahan or kecamatan (the kecamatan page can reach the nearest stores beyond it), paged, with a
 * store search. Opened from picking (`?shipmentNo=&lineId=`: book what the line lacks), for a refused
 * booking (`?bookID=`: offer it to another store) or to look (`?productId=&qty=`).
 */
export default function BookingStoreChoicePage({ scope }: { scope: StoreRing }) {
  const [search, setSearch] = useSearchParams();
  const context = contextOf(search);
  const nearby = scope === 'kecamatan' && search.get('nearby') === '1';
  const ring: StoreProximity = scope === 'kelurahan' ? 'kelurahan' : nearby ? 'nearby' : 'kecamatan';
  const query = search.get('q') ?? '';

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };
  // The context goes along to the other ring; the search and the chip are this page's.
  const contextSearch = (() => {
    const next = new URLSearchParams(search);
    for (const key of OWN_PARAMS) next.delete(key);
    const qs = next.toString();
    return qs ? `?${qs}` : '';
  })();

  const shared: ChoiceProps = {
    ring,
    scope,
    query,
    onSearch: (q) => update({ q }),
    rings: <RingSwitch scope={scope} nearby={nearby} contextSearch={contextSearch} onNearby={(on) => update({ nearby: on ? '1' : undefined })} />,
    toKecamatan: `${paths.bookingListKecamatan}${contextSearch}`,
    onNearby: () => update({ nearby: '1' }),
  };

  let content: ReactNode;
  if (context.kind === 'picking') content = <PickingChoice key={`${context.shipmentNo}:${context.lineId}`} {...shared} shipmentNo={context.shipmentNo} lineId={context.lineId} />;
  else if (context.kind === 'reoffer') content = <ReofferChoice key={context.bookID} {...shared} bookID={context.bookID} />;
  else if (context.kind === 'browse') content = <BrowseChoice {...shared} productId={context.productId} qty={context.qty} />;
  else content = <NoContext />;

  return (
    <>
      <PageHeader title={scope === 'kelurahan' ? id.routes.bookingListKelurahan : id.routes.bookingListKecamatan} backTo={paths.bookingListProduct} />
      {content}
    </>
  );
}

/** Kelurahan | Kecamatan, keeping the context; on the kecamatan page the chip that reaches beyond it. */
function RingSwitch({ scope, nearby, contextSearch, onNearby }: { scope: StoreRing; nearby: boolean; contextSearch: string; onNearby: (on: boolean) => void }) {
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

interface ChoiceProps {
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
function StoreList({
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
const HEADER_HEIGHT = 'h-60';

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
function ContextState({ query, headerHeight, notFound, loadError }: { query: ContextQuery; headerHeight: string; notFound: { title: string; message: string }; loadError: string }) {
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
function LineCard({ line, children }: { line: BookingLine; children?: ReactNode }) {
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

/** Booking from picking: how many of what the line lacks, then the store to ask. */
function PickingChoice({ shipmentNo, lineId, ...shared }: ChoiceProps & { shipmentNo: string; lineId: number }) {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.bookingListProduct);
  const openModal = useModalStore((s) => s.openModal);
  const proposal = useBookingProposal(shipmentNo, lineId);
  const line = proposal.data?.line;
  const lacking = line?.lacking ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);
  const qty = clampQuantity(chosen ?? lacking, 1, lacking);

  const create = useCreateBooking(shipmentNo, lineId, {
    onSuccess: (detail: BookingDetail) => {
      signal('success');
      showToast(t(text.created, { bookingNo: detail.bookingNo, store: detail.offeredTo.storeName }), 'success');
      // Back from the booking goes to the picking screen, not to a choice already made.
      navigate(paths.getProduct(detail.bookID), { replace: true });
    },
    onQueued: () => {
      showToast(bookingsText.detail.queued, 'info');
      goBack();
    },
    onError: (error: ApiError) => {
      signal('error');
      openModal(refusalModalOf(BOOKING_REFUSALS, error, BOOKING_OTHERWISE));
    },
  });

  const confirm = (store: BookingStore) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.confirmTitle,
      message: t(text.confirmMessage, { qty: formatNumber(qty), product: line?.name ?? '', store: store.storeName, code: store.storeCode }),
      buttonText: id.common.cancel,
      confirmText: text.confirm,
      onConfirm: () => create.mutate({ shipmentNo, lineId, qty, storeCode: store.storeCode }),
    });

  if (!line) {
    return <ContextState query={proposal} headerHeight={HEADER_HEIGHT} notFound={{ title: text.lineNotFoundTitle, message: t(text.lineNotFoundMessage, { shipmentNo }) }} loadError={text.lineLoadError} />;
  }

  if (lacking <= 0) {
    return (
      <div className="flex flex-col gap-3 p-4">
        <LineCard line={line} />
        <EmptyState icon="check" title={text.noLackTitle} message={t(text.noLackMessage, { product: line.name })}>
          <Button variant="secondary" onClick={goBack}>
            {id.common.back}
          </Button>
        </EmptyState>
      </div>
    );
  }

  return (
    <StoreList
      {...shared}
      productId={line.productId}
      qty={qty}
      header={
        <LineCard line={line}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
            <span className="text-sm font-medium text-slate-700">{text.qtyLabel}</span>
            <Stepper value={qty} min={1} max={lacking} onChange={setChosen} label={text.qtyLabel} decreaseLabel={id.common.decrease} increaseLabel={id.common.increase} testId="booking-qty" />
          </div>
        </LineCard>
      }
      action={(store) => (
        <Button
          block
          onClick={() => confirm(store)}
          loading={create.isPending && !create.queued && create.variables?.storeCode === store.storeCode}
          disabled={create.isPending}
          aria-label={t(text.bookHereLabel, { store: store.storeName })}
          data-testid={`book-${store.storeCode}`}
        >
          {text.bookHere}
        </Button>
      )}
    />
  );
}

/** A refused booking offered to another store: never one that refused it (the server leaves those out). */
function ReofferChoice({ bookID, ...shared }: ChoiceProps & { bookID: number }) {
  const goBack = useGoBack(paths.getProduct(bookID));
  const openModal = useModalStore((s) => s.openModal);
  const booking = useBooking(bookID);
  const b = booking.data;

  const reoffer = useReofferBooking(bookID, b?.shipmentNo ?? '', {
    onSuccess: (detail) => {
      signal('success');
      showToast(t(text.reoffered, { bookingNo: detail.bookingNo, store: detail.offeredTo.storeName }), 'success');
      // Back to the booking this choice was opened from (its detail already shows the reply).
      goBack();
    },
    onQueued: () => {
      showToast(bookingsText.detail.queued, 'info');
      goBack();
    },
    onError: (error: ApiError) => {
      signal('error');
      openModal(refusalModalOf(BOOKING_REFUSALS, error, BOOKING_OTHERWISE));
    },
  });

  if (!b) {
    return <ContextState query={booking} headerHeight="h-40" notFound={{ title: bookingsText.detail.notFoundTitle, message: bookingsText.detail.notFoundMessage }} loadError={text.bookingLoadError} />;
  }

  const can = b.actions.includes('reoffer');
  const confirm = (store: BookingStore) =>
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.reofferConfirmTitle,
      message: t(text.reofferConfirmMessage, { bookingNo: b.bookingNo, qty: formatNumber(b.qtyOos), product: b.productName, store: store.storeName, code: store.storeCode }),
      buttonText: id.common.cancel,
      confirmText: text.reofferConfirm,
      onConfirm: () => reoffer.mutate({ storeCode: store.storeCode }),
    });

  return (
    <StoreList
      {...shared}
      productId={b.productId}
      qty={b.qtyOos}
      bookID={b.bookID}
      header={
        <Card title={text.reofferTitle} testId="choice-booking" actions={<BookingStatusChip status={b.status} cancelled={b.cancelled} />}>
          <div className="flex items-start gap-3">
            <ProductThumb imageUrl={b.imageUrl} />
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="line-clamp-2 font-medium text-slate-900">{b.productName}</p>
              <p className="font-mono text-xs text-slate-500">{b.bookingNo}</p>
            </div>
            <span className="shrink-0 font-bold text-slate-900 tabular-nums">{t(bookingsText.common.units, { qty: formatNumber(b.qtyOos) })}</span>
          </div>
          {b.refusedBy.length > 0 ? (
            <p className="text-sm text-slate-700" data-testid="choice-refused-by">
              {t(text.refusedBy, { stores: b.refusedBy.map((s) => s.storeName).join(', ') })}
            </p>
          ) : null}
          {b.refuseReason ? <p className="text-sm break-words text-slate-600">{t(text.lastReason, { reason: b.refuseReason })}</p> : null}
          {can ? null : (
            <div className="flex flex-col gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950" data-testid="choice-reoffer-closed">
              <p>{t(text.reofferClosed, { status: b.cancelled ? bookingsText.common.cancelled : BOOKING_STATUS_LABEL[b.status] })}</p>
              <ButtonLink to={paths.getProduct(b.bookID)} variant="secondary" replace>
                {text.openBooking}
              </ButtonLink>
            </div>
          )}
        </Card>
      }
      action={
        can
          ? (store) => (
              <Button
                block
                onClick={() => confirm(store)}
                loading={reoffer.isPending && !reoffer.queued && reoffer.variables?.storeCode === store.storeCode}
                disabled={reoffer.isPending}
                aria-label={t(text.offerHereLabel, { store: store.storeName })}
                data-testid={`offer-${store.storeCode}`}
              >
                {text.offerHere}
              </Button>
            )
          : undefined
      }
    />
  );
}

/**
 * Opened without a product, an order line or a booking: what the list is for and the way to it
 * (Cek Stok, then the area buttons), not a bare empty state.
 */
function NoContext() {
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="choice-no-context">
      <Card>
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="stock" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-semibold text-slate-900">{text.noContextTitle}</h2>
            <p className="text-sm text-slate-700">{text.noContextMessage}</p>
          </div>
        </div>
        <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm text-slate-700">
          {text.noContextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <ButtonLink to={paths.cekStock} block data-testid="choice-to-cek-stock">
          <Icon name="search" className="size-5" />
          {text.toCekStock}
        </ButtonLink>
        <ButtonLink to={paths.bookingListProduct} variant="secondary" block>
          {bookingsText.common.toList}
        </ButtonLink>
      </Card>
    </div>
  );
}

/** Only looking: which stores near mine have at least `qty` of a product, with their stock and distance. */
function BrowseChoice({ productId, qty, ...shared }: ChoiceProps & { productId: string; qty: number }) {
  const product = useBrowsedProduct(productId);
  const found = product.data;
  let body: ReactNode;
  if (found) {
    body = (
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={found.product.imageUrl} />
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="line-clamp-2 font-medium text-slate-900" data-testid="choice-product">
            {found.product.name}
          </p>
          <p className="font-mono text-xs text-slate-500">{found.product.barcode}</p>
          <p className="text-sm text-slate-700" data-testid="choice-my-stock">
            {t(text.browseMyStock, { qty: formatNumber(found.store.qty) })}
          </p>
        </div>
      </div>
    );
  } else if (product.isPending) {
    body = <SkeletonStack bars={['h-14 w-full']} />;
  } else if (found === null) {
    return (
      <div className="p-4">
        <EmptyState icon="stock" title={text.browseUnknownTitle} message={t(text.browseUnknownMessage, { productId })}>
          <ButtonLink to={paths.cekStock} variant="secondary">
            {text.toCekStock}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  } else {
    // The list below still answers: the header says only that the product's name could not be read.
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span className="font-mono">{productId}</span>
        <span className="text-slate-500">· {text.browseLoadError}</span>
      </p>
    );
  }
  return (
    <StoreList
      {...shared}
      productId={productId}
      qty={qty}
      header={
        <Card title={text.browseTitle} testId="choice-browse">
          {body}
          <p className="text-xs text-slate-500">{text.browseHint}</p>
        </Card>
      }
      action={(store) =>
        store.phone ? (
          <a
            href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-brand-600 px-3 text-sm font-semibold text-brand-700 active:bg-brand-50"
            data-testid={`call-${store.storeCode}`}
          >
            <Icon name="phone" className="size-5" />
            {t(bookingsText.detail.call, { store: store.storeName })}
          </a>
        ) : null
      }
    />
  );
}

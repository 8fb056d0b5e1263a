import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { BOOKING_STATUS_IDS, BOOKING_STATUS_LABEL, type BookingDirection, type BookingItem } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { SearchRow } from '@/shared/ui/search-row';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useBookingCount } from '../api/get-booking-count';
import { useBookingProductGroups } from '../api/get-booking-product-groups';
import { useBookingStoreGroups } from '../api/get-booking-store-groups';
import { useBookings } from '../api/get-bookings';
import { bookingKeys, type BookingGroupParams } from '../query-keys';
import { BOOKING_GROUP_PARAM, bookingGroupParams, type BookingGrouping } from '../utils/list-route';
import { BookingCard, BookingCardSkeleton } from './booking-card';
import { GroupCardSkeleton, ProductGroupCard, StoreGroupCard } from './group-cards';

const text = bookingsText.list;

/**
 * /booking-list-product and /booking-list-store (BookingListProduct, BookingListStore): my store's
 * bookings by direction (requests addressed to it, or its own), status and search, grouped by
 * product or by the other store. Tapping a group shows its bookings on the same page
 * (`?productId=` / `?storeCode=`), so Back returns to the groups.
 */
export function BookingListScreen({ grouping }: { grouping: BookingGrouping }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // The first load's prefetch reads the same (screen-data.ts): the groups' first page is then in the cache.
  const params = bookingGroupParams(search);
  const { direction, status } = params;
  const query = search.get('q') ?? '';
  const groupParam = BOOKING_GROUP_PARAM[grouping];
  const group = search.get(groupParam)?.trim() ?? '';
  const basePath = grouping === 'product' ? paths.bookingListProduct : paths.bookingListStore;
  const count = useBookingCount();

  /** The page's URL with some parameters changed (undefined removes one). */
  const href = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const qs = next.toString();
    return { pathname: basePath, search: qs ? `?${qs}` : '' };
  };
  const update = (changes: Record<string, string | undefined>) => setSearch(new URLSearchParams(href(changes).search), { replace: true });

  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: bookingKeys.lists(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: bookingKeys.count(), type: 'active' }),
    ]);

  const counts = count.data;
  const tabCount = (d: BookingDirection) => (counts ? (d === 'in' ? counts.incomingWaiting : counts.outgoingRefused) : undefined);
  const title = grouping === 'product' ? id.routes.bookingListProduct : id.routes.bookingListStore;

  return (
    <>
      <PageHeader
        title={title}
        backTo={group ? `${basePath}${href({ [groupParam]: undefined, q: undefined }).search}` : paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={text.refresh} />}
      />
      <div className="sticky top-[var(--page-top,3.5rem)] z-10 flex flex-col gap-1.5 border-b border-slate-200 bg-white p-2">
        <div role="group" aria-label={bookingsText.direction.label} className="grid grid-cols-2 gap-1.5" data-testid="booking-direction">
          {(['in', 'out'] as const).map((d) => {
            const n = tabCount(d);
            const label = bookingsText.direction[d];
            return (
              <button
                key={d}
                type="button"
                aria-pressed={d === direction}
                aria-label={n === undefined ? label : t(d === 'in' ? bookingsText.direction.inCount : bookingsText.direction.outCount, { label, count: formatNumber(n) })}
                onClick={() => update({ direction: d === 'in' ? undefined : d })}
                className={cn('relative inline-flex min-h-11 items-center justify-center rounded-xl px-2 text-sm font-semibold', d === direction ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
                data-testid={`booking-direction-${d}`}
              >
                {label}
                {/* On the corner, so the label keeps the whole width and never moves when the count arrives. */}
                <span
                  className={cn(
                    'absolute -top-1.5 -right-1 inline-flex min-w-5 justify-center rounded-full px-1 text-xs font-bold tabular-nums ring-2 ring-white',
                    n === undefined || n === 0 ? 'invisible' : d === 'in' ? 'bg-red-600 text-white' : 'bg-amber-700 text-white',
                  )}
                  data-testid={`booking-direction-${d}-count`}
                >
                  {n === undefined ? 0 : formatNumber(n)}
                </span>
              </button>
            );
          })}
        </div>
        <div role="group" aria-label={bookingsText.statusFilter.label} className="flex gap-1.5 overflow-x-auto [scrollbar-width:none]" data-testid="booking-status-filter">
          {[undefined, ...BOOKING_STATUS_IDS].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={s === status}
              onClick={() => update({ status: s === undefined ? undefined : String(s) })}
              className={cn(
                'inline-flex min-h-11 shrink-0 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap',
                s === status ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-200 bg-white text-slate-700',
              )}
              data-testid={`booking-status-${s ?? 'all'}`}
            >
              {s === undefined ? bookingsText.statusFilter.all : BOOKING_STATUS_LABEL[s]}
            </button>
          ))}
        </div>
      </div>
      {group ? (
        <GroupBookings key={`${grouping}:${group}`} grouping={grouping} group={group} params={params} direction={direction} status={status} query={query} allHref={href({ [groupParam]: undefined, q: undefined })} onSearch={(q) => update({ q })} onClear={() => update({ q: undefined, status: undefined })} onRefresh={refresh} />
      ) : (
        <Groups grouping={grouping} params={params} direction={direction} status={status} query={query} groupHref={(value) => href({ [groupParam]: value, q: undefined })} otherHref={href({ q: undefined })} onSearch={(q) => update({ q })} onClear={() => update({ q: undefined, status: undefined })} onRefresh={refresh} />
      )}
    </>
  );
}

/** Per produk | Per toko: the other grouping of the same filters. */
function GroupingSwitch({ grouping, search }: { grouping: BookingGrouping; search: string }) {
  const link = (g: BookingGrouping, label: string) => (
    <Link
      to={{ pathname: g === 'product' ? paths.bookingListProduct : paths.bookingListStore, search }}
      replace
      aria-current={g === grouping ? 'page' : undefined}
      className={cn('inline-flex min-h-11 items-center justify-center rounded-lg text-sm font-semibold', g === grouping ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600')}
      data-testid={`booking-grouping-${g}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={bookingsText.view.label} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {link('product', bookingsText.view.byProduct)}
      {link('store', bookingsText.view.byStore)}
    </nav>
  );
}

interface GroupsProps {
  grouping: BookingGrouping;
  /** What the groups' list asks for, read from the URL as the first load's prefetch reads it. */
  params: BookingGroupParams;
  direction: BookingDirection;
  status: BookingGroupParams['status'];
  query: string;
  groupHref: (value: string) => { pathname: string; search: string };
  /** The same filters without the search (which means something else in the other grouping). */
  otherHref: { search: string };
  onSearch: (q: string | undefined) => void;
  /** Clears the search and the status chip. */
  onClear: () => void;
  onRefresh: () => Promise<unknown>;
}

function Groups(props: GroupsProps) {
  return props.grouping === 'product' ? <ProductGroups {...props} /> : <StoreGroups {...props} />;
}

const listTexts = (total: string) => ({ total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList });
const emptyOf = (direction: BookingDirection) => ({ icon: 'booking' as const, title: text.emptyTitle, message: direction === 'in' ? text.emptyIn : text.emptyOut });
const toHref = (to: { pathname: string; search: string }) => `${to.pathname}${to.search}`;

function ProductGroups({ params, direction, status, query, groupHref, otherHref, onSearch, onClear, onRefresh }: GroupsProps) {
  const list = useBookingProductGroups(params);
  return (
    <InfiniteList
      query={list}
      itemKey={(g) => g.productId}
      renderItem={(g) => <ProductGroupCard group={g} to={toHref(groupHref(g.productId))} />}
      skeleton={<GroupCardSkeleton />}
      testId="booking-product-groups"
      label={bookingsText.direction[direction]}
      texts={listTexts(text.productsTotal)}
      empty={emptyOf(direction)}
      filtered={query || status ? { title: text.emptyFiltered, onClear } : null}
      onRefresh={onRefresh}
      header={
        <>
          <GroupingSwitch grouping="product" search={otherHref.search} />
          <SearchRow query={query} label={text.searchProductLabel} placeholder={text.searchProductPlaceholder} onSearch={onSearch} testId="booking-search" />
        </>
      }
    />
  );
}

function StoreGroups({ params, direction, status, query, groupHref, otherHref, onSearch, onClear, onRefresh }: GroupsProps) {
  const list = useBookingStoreGroups(params);
  return (
    <InfiniteList
      query={list}
      itemKey={(g) => g.storeCode}
      renderItem={(g) => <StoreGroupCard group={g} to={toHref(groupHref(g.storeCode))} />}
      skeleton={<GroupCardSkeleton />}
      testId="booking-store-groups"
      label={bookingsText.direction[direction]}
      texts={listTexts(text.storesTotal)}
      empty={emptyOf(direction)}
      filtered={query || status ? { title: text.emptyFiltered, onClear } : null}
      onRefresh={onRefresh}
      header={
        <>
          <GroupingSwitch grouping="store" search={otherHref.search} />
          <SearchRow query={query} label={text.searchStoreLabel} placeholder={text.searchStorePlaceholder} onSearch={onSearch} testId="booking-search" />
        </>
      }
    />
  );
}

/** The group a list of bookings belongs to, as its first booking names it. */
function groupName(grouping: BookingGrouping, item: BookingItem | undefined): string | null {
  if (!item) return null;
  if (grouping === 'product') return item.productName;
  return item.direction === 'out' ? item.offeredTo.storeName : item.storeName;
}

function GroupBookings({
  grouping,
  group,
  params,
  direction,
  status,
  query,
  allHref,
  onSearch,
  onClear,
  onRefresh,
}: {
  grouping: BookingGrouping;
  group: string;
  params: BookingGroupParams;
  direction: BookingDirection;
  status: BookingGroupParams['status'];
  query: string;
  allHref: { pathname: string; search: string };
  onSearch: (q: string | undefined) => void;
  onClear: () => void;
  onRefresh: () => Promise<unknown>;
}) {
  const now = useNow();
  const list = useBookings({ ...params, ...(grouping === 'product' ? { productId: group } : { storeCode: group }) });
  const name = groupName(grouping, list.data?.pages[0]?.items[0]);
  return (
    <InfiniteList
      query={list}
      itemKey={(b) => b.bookID}
      renderItem={(b) => <BookingCard item={b} now={now} />}
      skeleton={<BookingCardSkeleton />}
      testId="booking-list"
      label={bookingsText.direction[direction]}
      texts={listTexts(text.itemsTotal)}
      empty={emptyOf(direction)}
      filtered={query || status ? { title: text.emptyFiltered, onClear } : null}
      onRefresh={onRefresh}
      header={
        <>
          {/* One line for the group, its place kept while the first page loads. */}
          <div className="flex min-h-11 items-center gap-2" data-testid="booking-group-header">
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="text-xs text-slate-500">{grouping === 'product' ? text.groupProductTitle : text.groupStoreTitle}</span>
              {list.isPending ? (
                <Skeleton className="h-5 w-2/3" />
              ) : (
                <span className="truncate font-semibold text-slate-900" data-testid="booking-group-name">
                  {name ?? group}
                </span>
              )}
            </div>
            <Link to={allHref} replace className="inline-flex min-h-11 shrink-0 items-center px-2 text-sm font-semibold text-brand-700" data-testid="booking-group-all">
              {grouping === 'product' ? text.allProducts : text.allStores}
            </Link>
          </div>
          <SearchRow query={query} label={text.searchItemsLabel} placeholder={text.searchItemsPlaceholder} onSearch={onSearch} testId="booking-search" />
        </>
      }
    />
  );
}

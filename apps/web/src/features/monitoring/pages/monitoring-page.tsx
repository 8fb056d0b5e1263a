import { useCallback, useState } from 'react';
import type { MonitoringTile, RoleId } from '@gerai/contract';
import { useSearchParams } from 'react-router';
import { hasErrorCode } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { id, t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Button } from '@/shared/ui/button';
import { HeaderRefresh, PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { QueryErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatTime } from '@/shared/utils/format';
import { useMonitoring } from '../api/get-monitoring';
import { LateOrders } from '../components/late-orders';
import { StatusTiles } from '../components/status-tiles';
import { StoreFilter, type StorePickerSlot } from '../components/store-filter';
import { StoreRows } from '../components/store-rows';
import { TileNavProvider, type OpenInStore, type TileNav } from '../components/tile-nav';
import { WaitingList } from '../components/waiting-list';
import { useMonitoringLive } from '../hooks/use-monitoring-live';

const text = monitoringText.page;
/** Ages on screen move this often (an order goes late by time alone). */
export const TICK_MS = 5_000;
const STORE_PARAM = 'storeCode';

export interface MonitoringPageProps {
  /** The caller sees several stores (area supervisor, helpdesk, super user): the store filter and "Per toko". */
  multiStore: boolean;
  /** The searchable store list of the filter (the catalog's, handed in by the app). */
  storePicker?: StorePickerSlot;
  roleId: RoleId;
  /** The store the caller works in: the lists the tiles open are its. */
  activeStoreCode: string | null;
  /** Opens a list in another of the caller's stores, made the active one first (the members area's store choice, handed in by the app). */
  openInStore: OpenInStore;
  /** The store being made active on the way to a list, while it is. */
  opening?: string | null;
}

/**
 * /monitoring — the work of the caller's scope at a glance, live: orders per status against their
 * service level, what waits on someone, the late orders, and (several stores) each store's figures.
 * The crew and the kepala toko see their store; those who see several may narrow it to one
 * (`?storeCode=`, kept in the URL so back and a shared link keep it).
 */
export default function MonitoringPage({ multiStore, storePicker, roleId, activeStoreCode, openInStore, opening = null }: MonitoringPageProps) {
  const [search, setSearch] = useSearchParams();
  const storeCode = multiStore ? (search.get(STORE_PARAM)?.trim().toUpperCase() ?? '') : '';
  // Over several stores, the tile whose stores are open (one at a time).
  const [expanded, setExpanded] = useState<MonitoringTile | null>(null);
  const setStore = (code: string) => {
    setExpanded(null);
    setSearch(code ? { [STORE_PARAM]: code } : {}, { replace: false });
    // The new figures start at the top of the screen (a store row may have been tapped far below).
    document.documentElement.scrollTop = 0;
  };

  const query = useMonitoring(storeCode);
  const data = query.data;
  const now = useNow(TICK_MS);
  // The server's clock, not the phone's: ages and lateness are measured against generatedAt.
  const offset = data ? Date.parse(data.generatedAt) - query.dataUpdatedAt : 0;
  // `now` ticks every few seconds; a reply newer than the last tick counts from its own arrival.
  const serverNow = Math.max(now, query.dataUpdatedAt) + offset;
  const readServerNow = useCallback(() => Date.now() + offset, [offset]);
  useMonitoringLive({ data: query.isPlaceholderData ? undefined : data, serverNow: readServerNow });

  const storeName = data?.store?.storeCode === storeCode ? data.store.storeName : null;
  const refresh = () => query.refetch();
  // The figures cover one store when the scope or the filter is one store: the tiles open its lists.
  const oneStore = data && data.storeCount === 1 ? (data.store?.storeCode ?? null) : null;
  const nav: TileNav = {
    storeCode: oneStore,
    activeStoreCode,
    roleId,
    expanded: oneStore === null ? expanded : null,
    toggle: (tile) => setExpanded((open) => (open === tile ? null : tile)),
    openInStore,
    opening,
  };

  return (
    <>
      <PageHeader
        title={id.routes.monitoring}
        backTo={paths.home}
        actions={<HeaderRefresh onRefresh={refresh} label={text.refresh} spinning={query.isFetching} testId="monitoring-refresh" />}
      />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-3" data-testid="monitoring-page">
          {multiStore && storePicker ? (
            <StoreFilter storeCode={storeCode} storeName={storeName} storeCount={storeCode ? null : (data?.storeCount ?? null)} onChange={setStore} Picker={storePicker} />
          ) : null}

          {query.isPending ? (
            <SkeletonStack bars={['h-32', 'h-12', 'h-64', 'h-40']} testId="monitoring-loading" />
          ) : !data ? (
            <QueryErrorState title={text.loadError} query={query} />
          ) : (
            <div
              className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}
              aria-busy={query.isPlaceholderData || undefined}
              data-testid="monitoring-figures"
            >
              <TileNavProvider value={nav}>
                <StatusTiles data={data} serverNow={serverNow} expanded={nav.expanded} />
                <p className="text-right text-xs text-slate-500" data-testid="monitoring-updated">
                  {t(text.updatedAt, { time: formatTime(data.generatedAt) })}
                </p>
                <WaitingList waiting={data.waiting} serverNow={serverNow} expanded={nav.expanded} />
              </TileNavProvider>
              <LateOrders key={storeCode} storeCode={storeCode} lateTotal={data.lateTotal} serverNow={serverNow} />
              {multiStore && !storeCode && data.storeCount > 1 ? <StoreRows onPick={setStore} /> : null}
            </div>
          )}

          {!data && storeCode && hasErrorCode(query.error, 'NOT_FOUND') ? (
            <Button variant="secondary" block onClick={() => setStore('')} data-testid="monitoring-show-all">
              {text.showAllStores}
            </Button>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

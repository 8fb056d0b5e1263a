import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MonitoringTile, RoleId } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { clearFilters } from '@/shared/stores/filter-store';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { QueryErrorState } from '@/shared/ui/state-views';
import { useTileStores } from '../api/get-tile-stores';
import { canOpenTile, tileNeedsActiveStore, tilePath } from '../utils/tile-target';

const text = monitoringText.tile;

/** Opens `to` in `storeCode`: makes it the caller's active store first when it is not (the lists are the active store's). */
export type OpenInStore = (storeCode: string, to: string) => void;

/** Where the figures' tiles lead: one store's lists, or (several stores) each tile's stores. */
export interface TileNav {
  /** The one store the figures cover; null when they cover several. */
  storeCode: string | null;
  activeStoreCode: string | null;
  roleId: RoleId;
  /** The tile whose stores are shown (several stores). */
  expanded: MonitoringTile | null;
  toggle: (tile: MonitoringTile) => void;
  openInStore: OpenInStore;
  /** The store being made active on the way to a list. */
  opening: string | null;
}

const TileNavContext = createContext<TileNav | null>(null);
export const TileNavProvider = TileNavContext.Provider;

function useTileNav(): TileNav {
  const nav = useContext(TileNavContext);
  if (!nav) throw new Error('TileAction needs a TileNavProvider');
  return nav;
}

/** The id of a tile's stores panel (aria-controls). */
export const tileStoresId = (tile: MonitoringTile) => `monitoring-tile-stores-${tile}`;

/**
 * A tile that opens the set it counts: in one store the list itself (the active store's at once; another
 * store of the caller's becomes the active one first); over several stores the tile's stores, each opening
 * its list. A list the caller may not open leaves the tile as plain figures.
 */
export function TileAction({
  tile,
  className,
  testId,
  late,
  children,
}: {
  tile: MonitoringTile;
  className: string;
  testId: string;
  /** A status tile past its service level (`data-late`). */
  late?: boolean;
  children: ReactNode;
}) {
  const nav = useTileNav();
  const common = { 'data-testid': testId, 'data-late': late === undefined ? undefined : String(late) };
  if (!canOpenTile(tile, nav.roleId)) {
    return (
      <div className={className} {...common}>
        {children}
      </div>
    );
  }
  if (nav.storeCode === null) {
    const expanded = nav.expanded === tile;
    return (
      <button
        type="button"
        onClick={() => nav.toggle(tile)}
        aria-expanded={expanded}
        aria-controls={expanded ? tileStoresId(tile) : undefined}
        {...common}
        data-opens="stores"
        className={cn(className, 'text-left', expanded && 'ring-2 ring-brand-600')}
      >
        {children}
        <Hint text={text.showStores} />
      </button>
    );
  }
  const to = tilePath(tile, nav.storeCode);
  const storeCode = nav.storeCode;
  if (storeCode === nav.activeStoreCode || !tileNeedsActiveStore(tile)) {
    // What the tile counts has no saved date, search or channel filter: the list opens without them.
    return (
      <Link to={to} onClick={clearFilters} {...common} data-opens="list" className={className}>
        {children}
        <Hint text={text.openList} />
      </Link>
    );
  }
  return (
    <button
      type="button"
      onClick={() => nav.openInStore(storeCode, to)}
      disabled={nav.opening !== null}
      {...common}
      data-opens="store-list"
      className={cn(className, 'text-left')}
    >
      {children}
      <Hint text={t(text.openInStore, { store: storeCode })} />
    </button>
  );
}

/** What a tap does, read after the visible text (a name that starts with what is shown, WCAG 2.5.3). */
function Hint({ text: hint }: { text: string }) {
  return <span className="sr-only">, {hint}</span>;
}

/**
 * A tile's stores (several stores): each store with its count, opening that store's list. They are asked for
 * when the tile is opened (GET /api/monitoring/tiles/:tile), not with every read of the figures.
 */
export function TileStoresPanel({ tile, label }: { tile: MonitoringTile; label: string }) {
  const nav = useTileNav();
  const query = useTileStores(tile);
  const entry = query.data;
  const stores = entry?.stores ?? [];
  const total = stores.reduce((n, s) => n + s.count, 0);
  const open = canOpenTile(tile, nav.roleId);
  return (
    <div
      id={tileStoresId(tile)}
      role="region"
      aria-label={t(text.storesTitle, { label })}
      aria-busy={query.isPending || undefined}
      className="flex flex-col gap-1 rounded-2xl border border-brand-200 bg-white p-2 shadow-sm"
      data-testid={`monitoring-tile-stores-${tile}`}
    >
      <p className="flex min-h-6 items-center justify-between px-1 text-sm font-semibold text-slate-900">
        <span>{t(text.storesTitle, { label })}</span>
        {entry ? (
          <span className="tabular-nums" data-testid={`monitoring-tile-stores-${tile}-total`}>
            {formatNumber(total)}
          </span>
        ) : null}
      </p>
      {query.isPending ? (
        <SkeletonStack bars={['h-10', 'h-10']} className="gap-1 px-1 py-1" testId={`monitoring-tile-stores-${tile}-loading`} />
      ) : !entry ? (
        <QueryErrorState title={text.storesLoadError} query={query} />
      ) : stores.length === 0 ? (
        <p className="px-1 py-2 text-sm text-slate-600">{text.storesNone}</p>
      ) : (
        <>
          {open && stores.some((s) => s.storeCode !== nav.activeStoreCode) && tileNeedsActiveStore(tile) ? <p className="px-1 text-xs text-slate-600">{text.switchHint}</p> : null}
          <ul className="flex flex-col divide-y divide-slate-100">
            {stores.map((s) => {
              const switches = tileNeedsActiveStore(tile) && s.storeCode !== nav.activeStoreCode;
              const content = (
                <>
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-900">
                    <span className="font-semibold">{s.storeCode}</span> · {s.storeName}
                  </span>
                  <span className="inline-flex min-w-8 justify-center rounded-full bg-slate-100 px-2 py-0.5 text-sm font-bold text-slate-900 tabular-nums" data-testid={`monitoring-tile-store-${tile}-${s.storeCode}-count`}>
                    {formatNumber(s.count)}
                  </span>
                  {nav.opening === s.storeCode ? <Spinner className="size-5 shrink-0" /> : open ? <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" /> : null}
                </>
              );
              const rowClass = 'flex min-h-12 w-full items-center gap-2 rounded-xl px-1 py-1.5 text-left active:bg-slate-50';
              return (
                <li key={s.storeCode}>
                  {!open ? (
                    <div className={rowClass}>{content}</div>
                  ) : switches ? (
                    <button
                      type="button"
                      onClick={() => nav.openInStore(s.storeCode, tilePath(tile, s.storeCode))}
                      disabled={nav.opening !== null}
                      data-testid={`monitoring-tile-store-${tile}-${s.storeCode}`}
                      className={rowClass}
                    >
                      {content}
                      <Hint text={text.storeOpenSwitch} />
                    </button>
                  ) : (
                    <Link
                      to={tilePath(tile, s.storeCode)}
                      onClick={clearFilters}
                      data-testid={`monitoring-tile-store-${tile}-${s.storeCode}`}
                      className={rowClass}
                    >
                      {content}
                      <Hint text={text.storeOpen} />
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
          {entry && entry.storeTotal > stores.length ? (
            <p className="px-1 text-xs text-slate-500">{t(text.storesCapped, { shown: formatNumber(stores.length), total: formatNumber(entry.storeTotal) })}</p>
          ) : null}
        </>
      )}
    </div>
  );
}

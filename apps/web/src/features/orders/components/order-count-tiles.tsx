import { useEffect } from 'react';
import { Link } from 'react-router';
import type { OrderStatusId } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { useStreamStatus } from '@/shared/events/event-stream';
import { id, ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { showToast } from '@/shared/toast/toast-store';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatTime } from '@/shared/utils/format';
import { useOrderCount } from '../api/get-order-count';
import { orderListPath } from '../utils/order-status';

/** Work in hand, shown large; archives below. */
const ACTIVE: readonly OrderStatusId[] = [1101, 1102, 1103, 1104];
const ARCHIVE: readonly OrderStatusId[] = [1106, 1105, 1107];

function Tile({ status, count, large }: { status: OrderStatusId; count: number; large: boolean }) {
  const label = ORDER_STATUS_LABEL[status];
  const highlight = status === 1101 && count > 0;
  return (
    <Link
      to={orderListPath(status)}
      data-testid={`count-${status}`}
      className={cn(
        'flex min-h-11 flex-col justify-between rounded-2xl border p-3 shadow-sm transition-colors active:bg-slate-100',
        highlight ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
        large ? 'min-h-24' : 'min-h-20',
      )}
    >
      {/* Named by what it shows (WCAG 2.5.3); the space keeps the label and the count apart in that name. */}
      <span className={cn('font-medium text-slate-600', large ? 'text-sm' : 'text-xs')}>{label}</span>{' '}
      <span className={cn('font-bold tabular-nums', large ? 'text-3xl' : 'text-2xl', highlight ? 'text-brand-700' : 'text-slate-900')} data-testid={`count-${status}-value`}>
        {formatNumber(count)}
      </span>
    </Link>
  );
}

/** Order counts per status for the active store, each linking to its list. */
export function OrderCountTiles({ enabled = true }: { enabled?: boolean }) {
  const count = useOrderCount({ enabled });
  const latest = count.data?.latest ?? 0;
  const updatedAt = count.dataUpdatedAt;

  // While the live stream is up, its banner announces new orders; the poll's toast is the fallback.
  const live = useStreamStatus((s) => s.status) === 'open';
  useEffect(() => {
    if (latest > 0 && !live) showToast(t(id.home.newOrdersToast, { count: latest }), 'success');
    // Only a new poll result may toast, not the stream going down.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest, updatedAt]);

  if (count.isPending) {
    return (
      <div role="status" aria-label={id.common.loading} className="grid grid-cols-2 gap-3">
        {ACTIVE.map((s) => (
          <Skeleton key={s} className="h-24" />
        ))}
        <div className="col-span-2 grid grid-cols-3 gap-3">
          {ARCHIVE.map((s) => (
            <Skeleton key={s} className="h-20" />
          ))}
        </div>
      </div>
    );
  }
  if (count.isError && !count.data) {
    return (
      <ErrorState
        title={id.home.countsError}
        message={isApiError(count.error) ? count.error.message : undefined}
        onRetry={() => void count.refetch()}
        retrying={count.isFetching}
      />
    );
  }
  const counts = count.data.counts;
  return (
    <section aria-label={id.home.countsLabel} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        {ACTIVE.map((s) => (
          <Tile key={s} status={s} count={counts[String(s) as keyof typeof counts]} large />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {ARCHIVE.map((s) => (
          <Tile key={s} status={s} count={counts[String(s) as keyof typeof counts]} large={false} />
        ))}
      </div>
      <p className="text-right text-xs text-slate-500" aria-live="off">
        {t(id.home.updatedAt, { time: formatTime(count.dataUpdatedAt) })}
      </p>
    </section>
  );
}

import { useState } from 'react';
import type { LateOrder } from '@gerai/contract';
import { useInView } from '@/shared/hooks/use-in-view';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Button } from '@/shared/ui/button';
import { Card, LinkCard } from '@/shared/ui/card';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, QueryErrorState } from '@/shared/ui/state-views';
import { formatNumber } from '@/shared/utils/format';
import { channelLabel, orderDetailPath, statusLabel } from '@/shared/utils/order-ref';
import { useLateOrders } from '../api/get-late-orders';
import { formatDuration, minutesSince } from '../utils/duration';

const text = monitoringText.late;
/** Late orders shown before "Tampilkan semua": the rest of the screen stays within reach. */
export const LATE_SHOWN_FIRST = 5;
/** A late order card's height at 360 px (134 px, 154 when its picker's name wraps): the list's place while it loads. */
const CARD_PLACE = 'h-[134px]';

function LateOrderCard({ order, serverNow }: { order: LateOrder; serverNow: number }) {
  const age = formatDuration(minutesSince(order.createdAt, serverNow) ?? order.ageMinutes);
  return (
    <li>
      <LinkCard
        to={orderDetailPath(order)}
        testId={`late-order-${order.shipmentNo}`}
        className="border-red-200"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">{order.shipmentNo}</span>
          {order.escalationLevel > 0 ? (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="late-order-escalation">
              {text.escalation[order.escalationLevel] ?? String(order.escalationLevel)}
            </span>
          ) : null}
        </div>
        <p className="truncate text-sm text-slate-700">
          {order.storeCode} · {order.storeName}
        </p>
        <p className="text-sm text-slate-700">
          {channelLabel(order.appId)} · {statusLabel(order.statusId)}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="text-sm font-semibold text-red-700" data-testid="late-order-age">
            {t(text.age, { age, limit: formatDuration(order.slaMinutes) })}
          </span>
          <span className="text-xs text-slate-500">{order.pickerName ? t(text.picker, { name: order.pickerName }) : order.statusId === 1101 ? text.unclaimed : null}</span>
        </div>
      </LinkCard>
    </li>
  );
}

/**
 * "Pesanan terlambat": how many (from the figures), and the oldest late orders first, each opening its detail. The list is
 * asked for (GET /api/monitoring/late) when the section comes near the screen and something is late, not with every read
 * of the figures; meanwhile a card's place per order it will show is kept. A webview without IntersectionObserver asks at once.
 */
export function LateOrders({ storeCode, lateTotal, serverNow }: { storeCode: string; lateTotal: number; serverNow: number }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useInView<HTMLDivElement>(() => setNear(true), { enabled: !near });
  const query = useLateOrders(storeCode, near && lateTotal > 0);
  const data = query.data;
  return (
    <div ref={ref} data-testid="monitoring-late-section">
      <Card
        title={text.title}
        testId="monitoring-late"
        actions={
          lateTotal > 0 ? (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums" data-testid="monitoring-late-total">
              {t(text.total, { count: formatNumber(lateTotal) })}
            </span>
          ) : null
        }
      >
        {lateTotal === 0 ? (
          <EmptyState icon="check" title={text.emptyTitle} message={text.emptyMessage} className="p-3" />
        ) : !data && (query.isPending || !near) ? (
          <SkeletonStack bars={Array.from({ length: Math.min(lateTotal, LATE_SHOWN_FIRST) }, () => CARD_PLACE)} className="gap-2" testId="monitoring-late-loading" />
        ) : !data ? (
          <QueryErrorState title={text.loadError} query={query} />
        ) : (
          <LateList late={data.late} lateTotal={lateTotal} serverNow={serverNow} />
        )}
      </Card>
    </div>
  );
}

function LateList({ late, lateTotal, serverNow }: { late: readonly LateOrder[]; lateTotal: number; serverNow: number }) {
  const [all, setAll] = useState(false);
  const shown = all ? late : late.slice(0, LATE_SHOWN_FIRST);
  // Read a moment apart from the figures, the list may have caught up with an order the figures did not count yet.
  if (late.length === 0) return <EmptyState icon="check" title={text.emptyTitle} message={text.emptyMessage} className="p-3" />;
  return (
    <>
      <ul className="flex flex-col gap-2" data-testid="monitoring-late-list">
        {shown.map((order) => (
          <LateOrderCard key={order.shipmentNo} order={order} serverNow={serverNow} />
        ))}
      </ul>
      {late.length > LATE_SHOWN_FIRST ? (
        <Button variant="ghost" block onClick={() => setAll((a) => !a)} aria-expanded={all} data-testid="monitoring-late-toggle">
          {all ? text.showLess : t(text.showAll, { count: formatNumber(late.length) })}
        </Button>
      ) : null}
      {lateTotal > late.length ? (
        <p className="text-xs text-slate-500" data-testid="monitoring-late-capped">
          {t(text.capped, { shown: formatNumber(late.length), total: formatNumber(lateTotal) })}
        </p>
      ) : null}
    </>
  );
}

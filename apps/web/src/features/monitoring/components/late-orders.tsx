import { useState } from 'react';
import type { LateOrder } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { Button } from '@/shared/ui/button';
import { Card, LinkCard } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/state-views';
import { formatNumber } from '@/shared/utils/format';
import { channelLabel, orderDetailPath, statusLabel } from '@/shared/utils/order-ref';
import { formatDuration, minutesSince } from '../utils/duration';

const text = monitoringText.late;
/** Late orders shown before "Tampilkan semua": the rest of the screen stays within reach. */
export const LATE_SHOWN_FIRST = 5;

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

/** "Pesanan terlambat": the oldest late orders first, each opening its detail; how many there are in all. */
export function LateOrders({ late, lateTotal, serverNow }: { late: readonly LateOrder[]; lateTotal: number; serverNow: number }) {
  const [all, setAll] = useState(false);
  const shown = all ? late : late.slice(0, LATE_SHOWN_FIRST);
  return (
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
      {late.length === 0 ? (
        <EmptyState icon="check" title={text.emptyTitle} message={text.emptyMessage} className="p-3" />
      ) : (
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
      )}
    </Card>
  );
}

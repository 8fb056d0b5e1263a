import { memo } from 'react';
import type { OrderSummary } from '@gerai/contract';
import { DELIVERY_TYPE_LABEL, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { Icon } from '@/shared/ui/icons';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { channelLabel, orderDetailPath } from '../utils/order-status';
import { ProgressBar } from './progress-bar';

export function ChannelChip({ appId, appName, className }: { appId: number; appName?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800', className)}>
      {channelLabel(appId, appName)}
    </span>
  );
}

export function DeliveryChip({ deliveryType }: { deliveryType: number }) {
  const pickup = deliveryType === 0;
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', pickup ? 'bg-sky-50 text-sky-800' : 'bg-amber-50 text-amber-800')}>
      <Icon name={pickup ? 'store' : 'truck'} className="size-3.5" />
      {DELIVERY_TYPE_LABEL[deliveryType as 0 | 1] ?? String(deliveryType)}
    </span>
  );
}

/** One order in a status list: tap to open its detail. */
export const OrderCard = memo(function OrderCard({ order, now }: { order: OrderSummary; now: number }) {
  const progress = order.progress;
  return (
    <LinkCard to={orderDetailPath(order)} testId={`order-card-${order.shipmentNo}`}>
      <div className="flex flex-wrap items-center gap-1.5">
        <ChannelChip appId={order.appId} appName={order.appName} />
        <DeliveryChip deliveryType={order.deliveryType} />
      </div>
      <div className="min-w-0">
        <div className="flex items-baseline gap-2">
          <p className="min-w-0 flex-1 truncate font-mono text-base font-semibold text-slate-900">{order.shipmentNo}</p>
          <CardAge at={order.createdAt} now={now} />
        </div>
        <p className="truncate text-xs text-slate-500">{t(ordersText.card.orderNo, { orderNo: order.orderNo })}</p>
      </div>
      <div className="flex items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-800">{order.customerName}</p>
          <p className="text-xs text-slate-500">{t(ordersText.card.items, { count: formatNumber(order.itemCount) })}</p>
        </div>
        <p className="shrink-0 text-base font-bold text-slate-900 tabular-nums">{formatRupiah(order.price)}</p>
      </div>
      {order.cancelledBy || order.cancelReason ? (
        // Batal and History Batal: who cancelled it and why.
        <div className="flex flex-col gap-0.5 border-t border-slate-100 pt-2 text-xs text-slate-600" data-testid="order-card-cancelled">
          {order.cancelledBy ? <p className="truncate font-medium text-slate-700">{t(ordersText.card.cancelledBy, { name: order.cancelledBy })}</p> : null}
          {order.cancelReason ? <p className="line-clamp-2">{t(ordersText.card.cancelReason, { reason: order.cancelReason })}</p> : null}
        </div>
      ) : null}
      {progress ? (
        <div className="flex flex-col gap-1 border-t border-slate-100 pt-2">
          <div className="flex items-center justify-between text-xs text-slate-600">
            <span className="truncate">{order.pickerName ? t(ordersText.card.picker, { name: order.pickerName }) : null}</span>
            <span className="shrink-0 font-semibold tabular-nums">{t(ordersText.card.progress, { done: progress.resolved, total: progress.qty })}</span>
          </div>
          <ProgressBar value={progress.resolved} max={progress.qty} complete={progress.complete} label={ordersText.progress.label} />
        </div>
      ) : null}
    </LinkCard>
  );
});

export function OrderCardSkeleton() {
  return <CardSkeleton rows={[['h-5 w-16', 'h-5 w-24', 'ml-auto h-4 w-20'], 'h-5 w-3/4', 'h-3 w-1/2', ['h-4 w-1/3', 'h-5 w-20']]} />;
}

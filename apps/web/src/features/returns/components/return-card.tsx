import { DELIVERY_TYPE_LABEL, type ReturnSummary } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { formatNumber } from '@/shared/utils/format';
import { methodOf } from '../utils/method';
import { ReturnStatusChip } from './return-status-chip';

const text = returnsText.list;

/** One return of the list: shipment, customer, reason, items and age; tap to open its detail. */
export function ReturnCard({ item, now }: { item: ReturnSummary; now: number }) {
  return (
    <LinkCard
      to={paths.returDetail(item.shipmentNo, methodOf(item.deliveryType))}
      testId={`return-card-${item.shipmentNo}`}
      className="gap-1.5"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono font-semibold text-slate-900">{item.shipmentNo}</p>
        <ReturnStatusChip status={item.status} />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800">{item.customerName}</p>
        <CardAge at={item.createdAt} now={now} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-700" data-testid="return-card-reason">
        {item.reason}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{t(text.items, { count: formatNumber(item.itemCount) })}</span>
        <span>{DELIVERY_TYPE_LABEL[item.deliveryType as keyof typeof DELIVERY_TYPE_LABEL] ?? item.deliveryType}</span>
        <span>{item.appName}</span>
        {item.requestedBy ? <span>{t(text.by, { name: item.requestedBy })}</span> : null}
      </div>
    </LinkCard>
  );
}

export function ReturnCardSkeleton() {
  return <CardSkeleton rows={['h-5 w-2/3', 'h-4 w-1/2', 'h-4 w-full']} />;
}

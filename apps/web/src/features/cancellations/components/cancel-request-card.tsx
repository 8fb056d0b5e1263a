import { ROLE_LABEL, type CancelRequest, type RoleId } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { formatNumber } from '@/shared/utils/format';
import { CancelStatusChip } from './cancel-status-chip';

const text = cancellationsText.queue;

/** One request of the queue: shipment, customer, reason, who asked and how long ago; tap to decide it. */
export function CancelRequestCard({ request, now }: { request: CancelRequest; now: number }) {
  const status = ORDER_STATUS_LABEL[request.requestedInStatus as keyof typeof ORDER_STATUS_LABEL] ?? String(request.requestedInStatus);
  return (
    <LinkCard
      to={paths.requestCancel(request.shipmentNo)}
      testId={`cancel-request-${request.shipmentNo}`}
      className="gap-1.5"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono font-semibold text-slate-900">{request.shipmentNo}</p>
        <CancelStatusChip status={request.status} />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800">{request.customerName}</p>
        <CardAge at={request.requestedAt} now={now} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-700" data-testid="cancel-request-reason">
        {request.reason.display}
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        {request.requestedBy ? <span>{t(text.requester, { name: request.requestedBy })}</span> : null}
        <span>{status}</span>
        <span>{t(cancellationsText.order.itemCount, { count: formatNumber(request.itemCount) })}</span>
        {request.status === 'pending' ? <span>{t(cancellationsText.request.waitingFor, { role: ROLE_LABEL[request.deciderRole as RoleId] ?? '' })}</span> : null}
      </div>
    </LinkCard>
  );
}

export function CancelRequestCardSkeleton() {
  return <CardSkeleton rows={['h-5 w-2/3', 'h-4 w-1/2', 'h-4 w-full']} />;
}

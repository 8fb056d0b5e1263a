import { POD_REQUEST_TYPE, formatDistance, type PodRequestSummary } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Icon } from '@/shared/ui/icons';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { formatDateTime } from '@/shared/utils/format';
import { PodStatusChip } from './pod-status-chip';

const text = podText.queue;

/** One request of the queue: tap to open its detail. */
export function PodRequestCard({ request, now }: { request: PodRequestSummary; now: number }) {
  return (
    <LinkCard
      to={paths.pengajuanPodDetail(request.shipmentNo, request.deliveryType, request.type)}
      testId={`pod-request-${request.shipmentNo}`}
      className="gap-1.5"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono font-semibold text-slate-900">{request.shipmentNo}</p>
        <PodStatusChip status={request.status} />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800">
          {request.type === POD_REQUEST_TYPE.RETURN ? (
            <span className="mr-1.5 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900" data-testid="pod-request-type">
              {podText.types[request.type]}
            </span>
          ) : null}
          {request.customerName}
        </p>
        <CardAge at={request.requestDate} now={now} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-700">{request.reason.display}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        {request.requesterName ? <span>{t(text.requester, { name: request.requesterName })}</span> : null}
        {request.distanceM !== null ? (
          <span className="inline-flex items-center gap-1">
            <Icon name="pin" className="size-3.5" />
            {t(text.distance, { distance: formatDistance(request.distanceM) })}
          </span>
        ) : null}
        <span>{formatDateTime(request.requestDate)}</span>
      </div>
      {request.status === 'rejected' && request.rejectReason ? (
        <p className="rounded-lg bg-red-50 px-2 py-1 text-xs text-red-900">
          {podText.state.rejectReason}: {request.rejectReason.display}
        </p>
      ) : null}
    </LinkCard>
  );
}

export function PodRequestCardSkeleton() {
  return <CardSkeleton rows={['h-5 w-2/3', 'h-4 w-1/2', 'h-4 w-full']} />;
}

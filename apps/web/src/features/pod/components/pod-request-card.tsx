import { memo } from 'react';
import { POD_REQUEST_TYPE, formatDistance, type PodRequestSummary } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Icon } from '@/shared/ui/icons';
import { RequestCard } from '@/shared/ui/request-card';
import { formatDateTime } from '@/shared/utils/format';
import { PodStatusChip } from './pod-status-chip';

const text = podText.queue;

/** One request of the queue: tap to open its detail. */
export const PodRequestCard = memo(function PodRequestCard({ request, now }: { request: PodRequestSummary; now: number }) {
  return (
    <RequestCard
      to={paths.pengajuanPodDetail(request.shipmentNo, request.deliveryType, request.type)}
      testId={`pod-request-${request.shipmentNo}`}
      shipmentNo={request.shipmentNo}
      status={<PodStatusChip status={request.status} />}
      customer={
        <>
          {request.type === POD_REQUEST_TYPE.RETURN ? (
            <span className="mr-1.5 rounded bg-violet-100 px-1.5 py-0.5 text-xs font-semibold text-violet-900" data-testid="pod-request-type">
              {podText.types[request.type]}
            </span>
          ) : null}
          {request.customerName}
        </>
      }
      at={request.requestDate}
      now={now}
      reason={request.reason.display}
      facts={
        <>
          {request.requesterName ? <span>{t(text.requester, { name: request.requesterName })}</span> : null}
          {request.distanceM !== null ? (
            <span className="inline-flex items-center gap-1">
              <Icon name="pin" className="size-3.5" />
              {t(text.distance, { distance: formatDistance(request.distanceM) })}
            </span>
          ) : null}
          <span>{formatDateTime(request.requestDate)}</span>
        </>
      }
    >
      {request.status === 'rejected' && request.rejectReason ? (
        <p className="rounded-lg bg-red-50 px-2 py-1 text-xs text-red-900">
          {podText.state.rejectReason}: {request.rejectReason.display}
        </p>
      ) : null}
    </RequestCard>
  );
});

import { memo } from 'react';
import { ROLE_LABEL, type CancelRequest, type RoleId } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { RequestCard } from '@/shared/ui/request-card';
import { formatNumber } from '@/shared/utils/format';
import { CancelStatusChip } from './cancel-status-chip';

const text = cancellationsText.queue;

/** One request of the queue: shipment, customer, reason, who asked and how long ago; tap to decide it. */
export const CancelRequestCard = memo(function CancelRequestCard({ request, now }: { request: CancelRequest; now: number }) {
  const status = ORDER_STATUS_LABEL[request.requestedInStatus as keyof typeof ORDER_STATUS_LABEL] ?? String(request.requestedInStatus);
  return (
    <RequestCard
      to={paths.requestCancel(request.shipmentNo)}
      testId={`cancel-request-${request.shipmentNo}`}
      shipmentNo={request.shipmentNo}
      status={<CancelStatusChip status={request.status} />}
      customer={request.customerName}
      at={request.requestedAt}
      now={now}
      reason={request.reason.display}
      reasonTestId="cancel-request-reason"
      facts={
        <>
          {request.requestedBy ? <span>{t(text.requester, { name: request.requestedBy })}</span> : null}
          <span>{status}</span>
          <span>{t(cancellationsText.order.itemCount, { count: formatNumber(request.itemCount) })}</span>
          {request.status === 'pending' ? <span>{t(cancellationsText.request.waitingFor, { role: ROLE_LABEL[request.deciderRole as RoleId] ?? '' })}</span> : null}
        </>
      }
    />
  );
});

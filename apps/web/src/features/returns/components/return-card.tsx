import { memo } from 'react';
import { DELIVERY_TYPE_LABEL, type ReturnSummary } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { RequestCard } from '@/shared/ui/request-card';
import { formatNumber } from '@/shared/utils/format';
import { methodOf } from '../utils/method';
import { ReturnStatusChip } from './return-status-chip';

const text = returnsText.list;

/** One return of the list: shipment, customer, reason, items and age; tap to open its detail. */
export const ReturnCard = memo(function ReturnCard({ item, now }: { item: ReturnSummary; now: number }) {
  return (
    <RequestCard
      to={paths.returDetail(item.shipmentNo, methodOf(item.deliveryType))}
      testId={`return-card-${item.shipmentNo}`}
      shipmentNo={item.shipmentNo}
      status={<ReturnStatusChip status={item.status} />}
      customer={item.customerName}
      at={item.createdAt}
      now={now}
      reason={item.reason}
      reasonTestId="return-card-reason"
      facts={
        <>
          <span>{t(text.items, { count: formatNumber(item.itemCount) })}</span>
          <span>{DELIVERY_TYPE_LABEL[item.deliveryType as keyof typeof DELIVERY_TYPE_LABEL] ?? item.deliveryType}</span>
          <span>{item.appName}</span>
          {item.requestedBy ? <span>{t(text.by, { name: item.requestedBy })}</span> : null}
        </>
      }
    />
  );
});

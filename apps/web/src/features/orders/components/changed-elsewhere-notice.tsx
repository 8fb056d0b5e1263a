import { ORDER_STATUS, type OrderDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/state-views';
import { statusLabel, statusListPath } from '../utils/order-status';

const text = ordersText.changedElsewhere;

/**
 * Shown in place of the order when another phone changed it while it was open: who did
 * what, the way back to the list the crew came from, and a deliberate way to go on.
 */
export function ChangedElsewhereNotice({ order, from, onContinue }: { order: OrderDetail; from: number; onContinue: () => void }) {
  const claimed = from === ORDER_STATUS.NEW && order.statusId === ORDER_STATUS.PACKING;
  const actor = claimed ? order.pickerName : (order.history.at(-1)?.actorName ?? null);
  const title = claimed ? t(text.claimedTitle, { name: actor ?? text.someone }) : text.changedTitle;
  const message = claimed
    ? t(text.claimedMessage, { shipmentNo: order.shipmentNo, name: actor ?? text.someone })
    : t(text.changedMessage, { shipmentNo: order.shipmentNo, status: statusLabel(order.statusId), by: actor ? t(text.changedBy, { name: actor }) : '' });
  return (
    <div className="p-4" data-testid="changed-elsewhere">
      <EmptyState icon="alert" title={title} message={message}>
        <ButtonLink to={statusListPath(from)} block data-testid="changed-elsewhere-back">
          {text.backToList}
        </ButtonLink>
        <Button variant="secondary" block onClick={onContinue} data-testid="changed-elsewhere-continue">
          {claimed ? text.helpPicking : text.show}
        </Button>
      </EmptyState>
    </div>
  );
}

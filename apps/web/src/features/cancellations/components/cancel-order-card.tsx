import type { OrderDetail } from '@gerai/contract';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { ORDER_STATUS_LABEL, t } from '@/shared/i18n/id';
import { Card, Field } from '@/shared/ui/card';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { RecordNumber } from '@/shared/ui/record-number';

const text = cancellationsText.order;
const SHOWN_LINES = 3;

/** The order a cancellation is about: shipment, status, customer and what it holds. */
export function CancelOrderCard({ order }: { order: OrderDetail }) {
  const items = order.products.reduce((sum, l) => sum + l.qty, 0);
  const shown = order.products.slice(0, SHOWN_LINES);
  const more = order.products.length - shown.length;
  return (
    <Card testId="cancel-order">
      <RecordNumber value={order.shipmentNo} testId="cancel-order-shipment">
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-800" data-testid="cancel-order-status">
          {ORDER_STATUS_LABEL[order.statusId as keyof typeof ORDER_STATUS_LABEL] ?? order.statusId}
        </span>
      </RecordNumber>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={text.orderNo}>{order.orderNo}</Field>
        <Field label={text.customer}>{order.customer.name}</Field>
        <Field label={text.items}>{t(text.itemCount, { count: formatNumber(items) })}</Field>
        <Field label={text.total}>{formatRupiah(order.price)}</Field>
      </dl>
      <ul className="flex flex-col gap-0.5 text-sm text-slate-700" data-testid="cancel-order-lines">
        {shown.map((l) => (
          <li key={l.lineId} className="truncate">
            {t(text.itemLine, { qty: formatNumber(l.qty), name: l.name })}
          </li>
        ))}
        {more > 0 ? <li className="text-xs text-slate-500">{t(text.moreItems, { count: formatNumber(more) })}</li> : null}
      </ul>
    </Card>
  );
}

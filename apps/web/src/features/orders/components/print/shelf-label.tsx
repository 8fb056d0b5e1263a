import type { OrderDetail } from '@gerai/contract';
import { DELIVERY_TYPE_LABEL, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { formatDateTime, formatNumber } from '@/shared/utils/format';
import { channelLabel } from '@/shared/utils/order-ref';
import { unitsToHandOver, paperBagCount, printQrValue, shelfDigits } from '../../utils/print';
import { PrintQr } from './print-qr';

const text = ordersText.print;

/**
 * The label on the shelf where packed orders wait for the courier or the customer: the shipment's
 * last digits read from a step away, then whose it is, how it leaves and how many pieces to hand over.
 * Exactly one 80 × 50 mm label (the print CSS's `gerai-shelf-label` page); long names are cut, never wrapped
 * onto a second label.
 */
export function ShelfLabel({ order }: { order: OrderDetail }) {
  const bags = paperBagCount(order);
  return (
    <article
      data-print-sheet="shelf-label"
      data-testid="shelf-label"
      aria-label={text.kinds['shelf-label']}
      className="flex h-[50mm] w-[80mm] shrink-0 flex-col overflow-hidden bg-white p-[2.5mm] text-black"
    >
      <div className="flex min-h-0 gap-[2mm]">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-[15px] leading-5 font-bold" data-testid="label-shipment-no">
            {order.shipmentNo}
          </p>
          <p className="font-mono text-[52px] leading-[1.05] font-black tracking-tight" data-testid="label-digits">
            {shelfDigits(order.shipmentNo)}
          </p>
        </div>
        <PrintQr value={printQrValue(order)} shipmentNo={order.shipmentNo} className="size-[22mm]" />
      </div>
      <p className="truncate text-lg leading-6 font-bold" data-testid="label-customer">
        {order.customer.name}
      </p>
      <p className="truncate text-[11px] leading-4 font-semibold" data-testid="label-route">
        {channelLabel(order.appId, order.appName)} · {DELIVERY_TYPE_LABEL[order.deliveryType as 0 | 1] ?? order.deliveryType}
      </p>
      <p className="mt-auto flex justify-between gap-2 border-t border-black pt-0.5 text-[11px] leading-4">
        <span className="font-semibold" data-testid="label-count">
          {t(text.items, { count: formatNumber(unitsToHandOver(order)) })} · {t(text.bags, { count: formatNumber(bags) })}
        </span>
        <span data-testid="label-date">{formatDateTime(order.createdAt)}</span>
      </p>
    </article>
  );
}

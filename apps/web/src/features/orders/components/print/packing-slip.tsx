import type { ReactNode } from 'react';
import { DELIVERY_TYPE, type OrderDetail } from '@gerai/contract';
import { DELIVERY_TYPE_LABEL, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { formatDateTime, formatNumber, formatRupiah } from '@/shared/utils/format';
import { channelLabel } from '@/shared/utils/order-ref';
import { maskPhone, printQrValue } from '../../utils/print';
import { PrintQr } from './print-qr';

const text = ordersText.print;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-x-2">
      <dt className="text-[11px] leading-4">{label}</dt>
      <dd className="min-w-0 text-xs leading-4 font-semibold break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The slip that goes in the order's bag: who it is for, what was ordered against what was packed
 * (and what was out of stock), the paper bags, the total and who picked it, with the order's QR.
 * Black on white, sized by the print CSS's `gerai-packing-slip` page (A6); fluid, so a receipt roll
 * takes it too.
 */
export function PackingSlip({ order }: { order: OrderDetail }) {
  const delivery = order.deliveryType === DELIVERY_TYPE.DELIVERY;
  return (
    <article
      data-print-sheet="packing-slip"
      data-testid="packing-slip"
      aria-label={text.kinds['packing-slip']}
      className="flex w-full max-w-[105mm] flex-col gap-2 bg-white p-[4mm] text-black"
    >
      <header className="flex items-start gap-2 border-b-2 border-black pb-2">
        <div className="min-w-0 flex-1">
          <p className="text-[11px] leading-4 tracking-wide uppercase">{text.kinds['packing-slip']}</p>
          <p className="text-sm leading-5 font-bold" data-testid="slip-store">
            {order.store.storeName} ({order.store.storeCode})
          </p>
          <p className="mt-1 font-mono text-base leading-5 font-bold break-all" data-testid="slip-shipment-no">
            {order.shipmentNo}
          </p>
        </div>
        <PrintQr value={printQrValue(order)} shipmentNo={order.shipmentNo} className="size-[22mm]" />
      </header>

      <dl className="flex flex-col gap-0.5">
        <Row label={text.orderNo}>{order.orderNo}</Row>
        <Row label={text.channel}>{channelLabel(order.appId, order.appName)}</Row>
        <Row label={text.orderedAt}>{formatDateTime(order.createdAt)}</Row>
        <Row label={text.delivery} testId="slip-delivery">
          {DELIVERY_TYPE_LABEL[order.deliveryType as 0 | 1] ?? order.deliveryType}
        </Row>
        <Row label={text.customer} testId="slip-customer">
          {order.customer.name}
        </Row>
        <Row label={text.phone} testId="slip-phone">
          {maskPhone(order.customer.phone)}
        </Row>
        {delivery && order.customer.address ? (
          <Row label={text.address} testId="slip-address">
            {order.customer.address}
          </Row>
        ) : null}
        {order.note ? <Row label={text.note}>{order.note}</Row> : null}
      </dl>

      <table className="w-full border-collapse text-xs leading-4" data-testid="slip-lines">
        <thead>
          <tr className="border-y border-black text-[11px]">
            <th scope="col" className="py-1 text-left font-semibold">
              {text.product}
            </th>
            <th scope="col" className="w-11 py-1 pl-1 text-right font-semibold">
              {text.ordered}
            </th>
            <th scope="col" className="w-11 py-1 pl-1 text-right font-semibold">
              {text.packed}
            </th>
            <th scope="col" className="w-12 py-1 pl-1 text-right font-semibold">
              {text.outOfStock}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line) => (
            <tr key={line.lineId} className="break-inside-avoid border-b border-dotted border-black align-top" data-testid={`slip-line-${line.lineId}`}>
              <td className="py-0.5 pr-1 break-words">{line.name}</td>
              <td className="py-0.5 text-right tabular-nums">{formatNumber(line.qty)}</td>
              <td className="py-0.5 text-right font-bold tabular-nums">{formatNumber(line.qtyPicked)}</td>
              <td className="py-0.5 text-right tabular-nums">{line.attrQtyOos > 0 ? formatNumber(line.attrQtyOos) : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="flex flex-col gap-0.5">
        <Row label={text.paperBags} testId="slip-paper-bags">
          {order.paperBags.length === 0
            ? text.noPaperBags
            : order.paperBags.map((bag) => t(text.paperBagsValue, { qty: formatNumber(bag.qty), price: formatRupiah(bag.price) })).join(', ')}
        </Row>
        <Row label={text.picker} testId="slip-picker">
          {order.pickerName ?? text.noPicker}
        </Row>
      </dl>
      <p className="flex items-baseline justify-between border-t-2 border-black pt-1.5">
        <span className="text-sm font-semibold">{text.total}</span>
        <span className="text-lg font-bold tabular-nums" data-testid="slip-total">
          {formatRupiah(order.price)}
        </span>
      </p>
    </article>
  );
}

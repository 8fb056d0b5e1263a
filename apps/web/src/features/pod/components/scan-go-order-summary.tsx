import { useId, useState } from 'react';
import { type OrderDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';

const text = podText.scanGo;
/** The POD request form reuses a fix this recent; an older one is taken again. */

/**
 * What the customer gets, in little height: shipment and total on one line, the customer and
 * address, then the goods (collapsed behind "Barang (n)") beside the phone to call.
 */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const [goodsOpen, setGoodsOpen] = useState(false);
  const goodsId = useId();
  const lines = order.products.filter((p) => p.qty - p.attrQtyOos > 0);
  const phone = order.customer.phone;
  return (
    <section aria-label={text.order} className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scan-go-order">
      <div className="flex items-baseline justify-between gap-2">
        <p className="min-w-0 font-mono text-base font-bold break-all text-slate-900">{order.shipmentNo}</p>
        <p className="shrink-0 text-right">
          <span className="text-xs text-slate-500">{text.total} </span>
          <span className="font-bold text-slate-900 tabular-nums" data-testid="scan-go-total">
            {formatRupiah(order.price)}
          </span>
        </p>
      </div>
      <p className="text-sm font-semibold text-slate-900" data-testid="scan-go-customer">
        {order.customer.name}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-slate-700">
        <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span className="min-w-0">{order.customer.address ?? text.noAddress}</span>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setGoodsOpen((o) => !o)}
          aria-expanded={goodsOpen}
          aria-controls={goodsId}
          className="flex min-h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 text-sm font-medium text-slate-800 active:bg-slate-100"
          data-testid="scan-go-goods-toggle"
        >
          {t(text.goods, { count: formatNumber(lines.reduce((n, l) => n + l.qty - l.attrQtyOos, 0)) })}
          <Icon name="chevronRight" className={cn('size-5 shrink-0 text-slate-500 transition-transform', goodsOpen && 'rotate-90')} />
        </button>
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          aria-label={t(text.callCustomer, { phone })}
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 tabular-nums active:bg-slate-100"
          data-testid="scan-go-phone"
        >
          <Icon name="phone" className="size-4 shrink-0 text-slate-500" />
          {phone}
        </a>
      </div>
      <div id={goodsId} hidden={!goodsOpen} className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="scan-go-goods">
        <p className="text-xs break-all text-slate-500">{t(text.orderNo, { orderNo: order.orderNo })}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {lines.map((l) => (
            <li key={l.lineId}>{t(text.goodsLine, { qty: l.qty - l.attrQtyOos, name: l.name })}</li>
          ))}
          {order.paperBags.map((b) => (
            <li key={b.productID}>{t(text.goodsLine, { qty: b.qty, name: b.name })}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

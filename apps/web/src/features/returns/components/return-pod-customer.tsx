import type { LatLng, ReturnDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Icon } from '@/shared/ui/icons';

const text = returnsText.pod;

/** Where the goods are collected: the shipment, the customer, the address and point, a call button, and the goods. */
export function ReturnPodCustomer({ detail: r, customer }: { detail: ReturnDetail; customer: LatLng | null }) {
  const { shipmentNo } = r;
  const lines = r.lines.filter((l) => l.qty > 0);
  const phone = r.customerPhone;
  return (
    <section aria-label={text.customerTitle} className="flex flex-col gap-1.5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="return-pod-customer">
      <p className="font-mono text-base font-bold break-all text-slate-900">{shipmentNo}</p>
      <p className="text-sm font-semibold text-slate-900">{r.customerName}</p>
      <p className="flex items-start gap-1.5 text-sm text-slate-700">
        <Icon name="pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span className="min-w-0" data-testid="return-pod-address">
          {r.customerAddress ?? text.noAddress}
        </span>
      </p>
      <div className="flex items-center justify-between gap-2">
        {customer ? (
          <p className="min-w-0 font-mono text-xs text-slate-500" data-testid="return-pod-point">
            {customer.lat.toFixed(6)}, {customer.lng.toFixed(6)}
          </p>
        ) : (
          <p className="min-w-0 text-xs text-amber-800">{text.noCustomerPoint}</p>
        )}
        {phone ? (
          <a
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            aria-label={t(text.callCustomer, { phone })}
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl border border-slate-300 px-3 text-sm font-medium text-slate-800 tabular-nums active:bg-slate-100"
          >
            <Icon name="phone" className="size-4 shrink-0 text-slate-500" />
            {phone}
          </a>
        ) : null}
      </div>
      <div className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <p className="text-xs font-medium text-slate-500">{text.goods}</p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {lines.map((l) => (
            <li key={l.lineId}>{t(text.goodsLine, { qty: l.qty, name: l.name })}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

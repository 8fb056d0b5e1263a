import { PAPER_BAG_MAX, type OrderDetail } from '@gerai/contract';
import { sayRefusal } from '@/shared/api/refusal';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { Icon } from '@/shared/ui/icons';
import { Stepper } from '@/shared/ui/stepper';
import { formatRupiah } from '@/shared/utils/format';
import { useSetPaperBags } from '../api/set-paper-bags';
import { PICKING_OTHERWISE, PICKING_REFUSALS } from '../refusals';
import { Card } from '@/shared/ui/card';

/** Paper bags of the order: a stepper while picking (each change saved), otherwise what was added. */
export function PaperBagsCard({ order, editable }: { order: OrderDetail; editable: boolean }) {
  const save = useSetPaperBags(order.shipmentNo);
  const serverQty = order.paperBags.reduce((sum, b) => sum + b.qty, 0);
  // While a change is on its way, show what the crew chose.
  const qty = save.isPending && save.variables ? save.variables.qty : serverQty;

  if (!editable) {
    return (
      <Card testId="order-paper-bags">
        <div className="flex items-center gap-2 text-sm">
          <Icon name="bag" className="size-5 text-slate-400" />
          <span className="flex-1 font-medium text-slate-900">{ordersText.detail.paperBags}</span>
          <span className="text-slate-700 tabular-nums">
            {order.paperBags.length === 0
              ? ordersText.detail.noPaperBags
              : order.paperBags.map((b) => t(ordersText.detail.paperBagsValue, { qty: b.qty, price: formatRupiah(b.price) })).join(', ')}
          </span>
        </div>
      </Card>
    );
  }
  return (
    <Card testId="order-paper-bags">
      <div className="flex items-center gap-2">
        <Icon name="bag" className="size-5 text-slate-400" />
        <span className="flex-1 text-sm font-medium text-slate-900">{ordersText.detail.paperBags}</span>
        <Stepper
          value={qty}
          min={0}
          max={PAPER_BAG_MAX}
          onChange={(value) => {
            if (value !== qty) save.mutate({ qty: value });
          }}
          label={ordersText.detail.paperBags}
          decreaseLabel={id.common.decrease}
          increaseLabel={id.common.increase}
          testId="paper-bags"
        />
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {sayRefusal(PICKING_REFUSALS, save.error, PICKING_OTHERWISE).text}
        </p>
      ) : null}
    </Card>
  );
}

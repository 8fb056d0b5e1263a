import type { ReactNode } from 'react';
import type { OrderProduct } from '@gerai/contract';
import { outboxText } from '@/shared/i18n/outbox';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { lineResolved } from '../utils/order-status';
import { Card } from '@/shared/ui/card';
import { ProgressBar } from './progress-bar';

function ProductLine({
  line,
  picking,
  highlighted,
  waiting,
  onEdit,
  onOutOfStock,
  extra,
}: {
  line: OrderProduct;
  picking: boolean;
  highlighted: boolean;
  /** Changed on this phone; the server does not have it yet. */
  waiting: boolean;
  onEdit: () => void;
  onOutOfStock: () => void;
  /** What the app puts under the line (another area's block: the line's stock booking). */
  extra?: ReactNode;
}) {
  const resolved = lineResolved(line);
  const done = line.qtyPicked + line.attrQtyOos;
  return (
    <li
      data-testid={`line-${line.lineId}`}
      data-barcode={line.barcode}
      data-resolved={resolved}
      data-waiting={waiting || undefined}
      className={cn(
        'flex flex-col gap-1.5 border-b border-slate-100 py-3 transition-colors first:pt-0 last:border-0 last:pb-0',
        highlighted && 'rounded-xl bg-emerald-50 px-2 first:pt-2',
      )}
    >
      <div className="flex items-start gap-2">
        <p className="line-clamp-2 min-w-0 flex-1 text-sm font-medium text-slate-900">{line.name}</p>
        {waiting ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800" data-testid={`line-${line.lineId}-waiting`}>
            <Icon name="cloudUp" className="size-3.5" />
            {outboxText.waiting}
          </span>
        ) : null}
        {resolved && picking ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
            <Icon name="check" className="size-3.5" />
            {ordersText.detail.lineResolved}
          </span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="font-mono">{line.barcode}</span>
        <span className="tabular-nums">{t(ordersText.detail.price, { qty: formatNumber(line.qty), price: formatRupiah(line.price) })}</span>
      </div>
      {picking || line.qtyPicked > 0 || line.attrQtyOos > 0 ? (
        <div className="flex items-center gap-2 text-xs">
          <span className="font-semibold text-slate-800 tabular-nums" data-testid={`line-${line.lineId}-picked`}>
            {t(ordersText.detail.picked, { picked: line.qtyPicked, qty: line.qty })}
          </span>
          {line.attrQtyOos > 0 ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-700 tabular-nums" data-testid={`line-${line.lineId}-oos-count`}>
              {t(ordersText.detail.outOfStock, { qty: line.attrQtyOos })}
            </span>
          ) : null}
        </div>
      ) : null}
      {picking ? (
        <>
          <ProgressBar value={done} max={line.qty} complete={resolved} label={t(ordersText.progress.line, { name: line.name })} />
          <div className="grid grid-cols-2 gap-2 pt-1">
            <button
              type="button"
              onClick={onEdit}
              data-testid={`line-${line.lineId}-edit`}
              className="min-h-11 rounded-xl border border-slate-300 text-sm font-semibold text-slate-800 active:bg-slate-100"
            >
              {ordersText.detail.editQuantity}
            </button>
            <button
              type="button"
              onClick={onOutOfStock}
              data-testid={`line-${line.lineId}-oos`}
              className="min-h-11 rounded-xl border border-red-300 text-sm font-semibold text-red-700 active:bg-red-50"
            >
              {ordersText.detail.markOutOfStock}
            </button>
          </div>
        </>
      ) : null}
      {extra !== undefined && extra !== null ? (
        // Hidden while empty (the block has nothing for this line): no gap is left for it.
        <div data-testid={`line-${line.lineId}-extra`} className="empty:hidden">
          {extra}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The order's products; while picking each has its progress, Edit Jumlah and Stok Kosong, and
 * `renderExtra` (when given) under it: a slot the app fills, since features do not import each other.
 */
export function ProductLines({
  lines,
  picking,
  highlightLineId,
  waitingLines,
  onEdit,
  onOutOfStock,
  renderExtra,
}: {
  lines: readonly OrderProduct[];
  picking: boolean;
  highlightLineId: number | null;
  waitingLines?: ReadonlySet<number>;
  onEdit: (line: OrderProduct) => void;
  onOutOfStock: (line: OrderProduct) => void;
  renderExtra?: (line: OrderProduct) => ReactNode;
}) {
  return (
    <Card title={t(ordersText.detail.products, { count: lines.length })} testId="order-products">
      <ul className="flex flex-col">
        {lines.map((line) => (
          <ProductLine
            key={line.lineId}
            line={line}
            picking={picking}
            highlighted={highlightLineId === line.lineId}
            waiting={waitingLines?.has(line.lineId) ?? false}
            onEdit={() => onEdit(line)}
            onOutOfStock={() => onOutOfStock(line)}
            extra={renderExtra?.(line)}
          />
        ))}
      </ul>
    </Card>
  );
}

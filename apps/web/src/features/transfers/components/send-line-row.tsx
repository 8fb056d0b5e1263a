import type { SendLine } from '../utils/send-draft';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Icon } from '@/shared/ui/icons';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { Stepper } from '@/shared/ui/stepper';
import { formatNumber } from '@/shared/utils/format';
import { ProductTitle } from '@/shared/ui/product-title';

const text = transfersText.send;

/** A product to send: its units (1 to my stock) with the stepper, removable; a refusal about it under it. */
export function SendLineRow({ line, error, disabled, onQty, onRemove }: { line: SendLine; error: string | null; disabled: boolean; onQty: (qty: number) => void; onRemove: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-2" data-testid={`mat-send-line-${line.productId}`}>
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={line.imageUrl} className="size-10" />
        <ProductTitle name={line.name} code={line.barcode}>
          <p className="text-xs text-slate-600 tabular-nums" data-testid="mat-send-line-max">
            {t(text.myStock, { qty: formatNumber(line.max) })}
          </p>
        </ProductTitle>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t(text.remove, { name: line.name })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 active:bg-slate-100 disabled:opacity-40"
          data-testid="mat-send-line-remove"
        >
          <Icon name="close" className="size-5" />
        </button>
      </div>
      <div className="flex items-center justify-end gap-2">
        {line.qty >= line.max ? <span className="flex-1 text-xs text-amber-800">{t(text.atMax, { name: line.name, max: formatNumber(line.max) })}</span> : null}
        <Stepper
          value={line.qty}
          min={1}
          max={line.max}
          onChange={onQty}
          label={t(text.qtyLabel, { name: line.name })}
          decreaseLabel={id.common.decrease}
          increaseLabel={id.common.increase}
          disabled={disabled}
          testId={`mat-send-qty-${line.productId}`}
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-2 py-1.5 text-sm whitespace-pre-line text-red-800" data-testid="mat-send-line-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}


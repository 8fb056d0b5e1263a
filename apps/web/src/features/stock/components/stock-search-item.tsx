import { memo } from 'react';
import type { StockSearchItem as Item } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { stockText } from '@/shared/i18n/stock';
import { CardSkeleton } from '@/shared/ui/card';
import { cn } from '@/shared/utils/cn';
import { formatNumber, formatRupiah } from '@/shared/utils/format';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { ProductTitle } from '@/shared/ui/product-title';

const text = stockText.list;

/** One product found by the search: the whole card opens its stock here and nearby. */
export const StockSearchItem = memo(function StockSearchItem({ item, onChoose }: { item: Item; onChoose: (productId: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onChoose(item.productID)}
      aria-label={t(text.open, { name: item.name })}
      data-testid={`stock-item-${item.productID}`}
      className="flex min-h-11 w-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-left shadow-sm active:bg-slate-50"
    >
      <ProductThumb imageUrl={item.imageUrl} className="size-12" />
      <ProductTitle name={item.name} code={item.barcode} inline>
        <span className="text-xs text-slate-600 tabular-nums">{formatRupiah(item.price)}</span>
      </ProductTitle>
      <span className="flex shrink-0 flex-col items-end">
        <span className={cn('text-lg font-bold tabular-nums', item.qty > 0 ? 'text-slate-900' : 'text-slate-400')} data-testid={`stock-item-${item.productID}-qty`}>
          {formatNumber(item.qty)}
        </span>
        <span className="text-xs text-slate-500">{text.myStock}</span>
      </span>
    </button>
  );
});

export function StockSearchItemSkeleton() {
  return <CardSkeleton rows={[['h-12 w-12', 'h-4 w-1/2', 'h-6 w-8'], 'h-3 w-1/3']} />;
}

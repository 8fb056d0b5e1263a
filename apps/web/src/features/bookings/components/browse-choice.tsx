import { type ReactNode } from 'react';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState } from '@/shared/ui/state-views';
import { formatNumber } from '@/shared/utils/format';
import { useBrowsedProduct } from '../api/get-browsed-product';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { ProductTitle } from '@/shared/ui/product-title';
import { type ChoiceProps, StoreList } from './store-choice-blocks';

const text = bookingsText.choice;

/** Only looking: which stores near mine have at least `qty` of a product, with their stock and distance. */
export function BrowseChoice({ productId, qty, ...shared }: ChoiceProps & { productId: string; qty: number }) {
  const product = useBrowsedProduct(productId);
  const found = product.data;
  let body: ReactNode;
  if (found) {
    body = (
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={found.product.imageUrl} />
        <ProductTitle name={found.product.name} code={found.product.barcode} nameClassName="font-medium" nameTestId="choice-product">
          <p className="text-sm text-slate-700" data-testid="choice-my-stock">
            {t(text.browseMyStock, { qty: formatNumber(found.store.qty) })}
          </p>
        </ProductTitle>
      </div>
    );
  } else if (product.isPending) {
    body = <SkeletonStack bars={['h-14 w-full']} />;
  } else if (found === null) {
    return (
      <div className="p-4">
        <EmptyState icon="stock" title={text.browseUnknownTitle} message={t(text.browseUnknownMessage, { productId })}>
          <ButtonLink to={paths.cekStock} variant="secondary">
            {text.toCekStock}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  } else {
    // The list below still answers: the header says only that the product's name could not be read.
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span className="font-mono">{productId}</span>
        <span className="text-slate-500">· {text.browseLoadError}</span>
      </p>
    );
  }
  return (
    <StoreList
      {...shared}
      productId={productId}
      qty={qty}
      header={
        <Card title={text.browseTitle} testId="choice-browse">
          {body}
          <p className="text-xs text-slate-500">{text.browseHint}</p>
        </Card>
      }
      action={(store) =>
        store.phone ? (
          <a
            href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-brand-600 px-3 text-sm font-semibold text-brand-700 active:bg-brand-50"
            data-testid={`call-${store.storeCode}`}
          >
            <Icon name="phone" className="size-5" />
            {t(bookingsText.detail.call, { store: store.storeName })}
          </a>
        ) : null
      }
    />
  );
}

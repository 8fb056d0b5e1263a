import { memo } from 'react';
import { formatDistance, type BookingProductGroup, type BookingStoreGroup } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { CardSkeleton, LinkCard } from '@/shared/ui/card';
import { StoreTitle } from './booking-store-card';
import { GroupCounts } from './group-counts';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { ProductTitle } from '@/shared/ui/product-title';


/** A product with bookings: its counts per status and units; tap to see its bookings. */
export const ProductGroupCard = memo(function ProductGroupCard({ group, to }: { group: BookingProductGroup; to: string }) {
  return (
    <LinkCard to={to} testId={`product-group-${group.productId}`} className="gap-2">
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={group.imageUrl} />
        <ProductTitle name={group.productName} code={group.barcode} nameClassName="font-semibold" />
      </div>
      <GroupCounts counts={group} />
    </LinkCard>
  );
});

/** The other store of some bookings: where it is, how far, the counts; tap to see the bookings with it. */
export const StoreGroupCard = memo(function StoreGroupCard({ group, to }: { group: BookingStoreGroup; to: string }) {
  return (
    <LinkCard to={to} testId={`store-group-${group.storeCode}`} className="gap-2">
      <div className="flex items-start gap-2">
        <StoreTitle store={group} />
        <span className="shrink-0 text-sm font-semibold text-slate-800 tabular-nums" data-testid="store-group-distance">
          {formatDistance(group.distanceM)}
        </span>
      </div>
      {group.isKelurahan ? (
        <span className="self-start rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{bookingsText.common.sameKelurahan}</span>
      ) : null}
      <GroupCounts counts={group} />
    </LinkCard>
  );
});

export function GroupCardSkeleton() {
  return <CardSkeleton rows={[['h-12 w-12', 'h-5 w-2/3'], 'h-5 w-full', 'h-4 w-1/3']} />;
}

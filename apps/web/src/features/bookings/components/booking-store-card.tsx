import { memo, type ReactNode } from 'react';
import { formatDistance, type BookingStore } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { Card, CardSkeleton } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { formatNumber } from '@/shared/utils/format';

const text = bookingsText.choice;

/** A store as the store cards name it: its name, then its code and its kelurahan and kecamatan. */
export function StoreTitle({ store }: { store: Pick<BookingStore, 'storeName' | 'storeCode' | 'kelurahan' | 'kecamatan'> }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <p className="truncate font-semibold text-slate-900">{store.storeName}</p>
      <p className="text-xs text-slate-600">
        <span className="font-mono">{store.storeCode}</span>
        {' · '}
        {t(bookingsText.common.place, { kelurahan: store.kelurahan, kecamatan: store.kecamatan })}
      </p>
    </div>
  );
}

/** A store that can serve the product: where it is, how far from mine, its stock; `action` books or re-offers there. */
export const BookingStoreCard = memo(function BookingStoreCard({ store, action }: { store: BookingStore; action?: ReactNode }) {
  return (
    <Card testId={`booking-store-${store.storeCode}`} className="gap-1.5">
      <div className="flex items-start gap-2">
        <StoreTitle store={store} />
        <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-sm font-bold text-emerald-800 tabular-nums" data-testid="booking-store-stock">
          {t(text.stock, { qty: formatNumber(store.qty) })}
        </span>
      </div>
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        <Icon name="pin" className="size-4 shrink-0 text-slate-400" />
        <span data-testid="booking-store-distance">{t(text.distanceFrom, { distance: formatDistance(store.distanceM) })}</span>
        {store.isKelurahan ? <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">{bookingsText.common.sameKelurahan}</span> : null}
      </p>
      {action}
    </Card>
  );
});

export function BookingStoreCardSkeleton() {
  return <CardSkeleton rows={[['h-5 w-1/2', 'h-5 w-16'], 'h-4 w-2/3', 'h-11 w-full']} />;
}

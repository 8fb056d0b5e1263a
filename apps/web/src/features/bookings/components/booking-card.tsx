import { memo } from 'react';
import type { BookingItem } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { formatNumber } from '@/shared/utils/format';
import { takenStock, takenStore } from '../utils/booking-view';
import { BookingStatusChip } from './booking-status-chip';

const text = bookingsText.card;
const common = bookingsText.common;

/** One booking of a list: number, shipment, product and units, the other store, status and who took it; tap to open it. */
export const BookingCard = memo(function BookingCard({ item, now }: { item: BookingItem; now: number }) {
  // The other store: the one asked (my booking) or the one asking (a request to my store).
  const other = item.direction === 'out' ? t(text.to, { store: item.offeredTo.storeName }) : t(text.from, { store: item.storeName });
  return (
    <LinkCard to={paths.getProduct(item.bookID)} testId={`booking-card-${item.bookID}`} className="gap-1.5">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono font-semibold text-slate-900">{item.bookingNo}</p>
        <BookingStatusChip status={item.status} cancelled={item.cancelled} />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <p className="min-w-0 truncate font-medium text-slate-800">{item.productName}</p>
        <span className="shrink-0 font-semibold text-slate-900 tabular-nums" data-testid="booking-card-qty">
          {t(common.units, { qty: formatNumber(item.qtyOos) })}
        </span>
      </div>
      <div className="flex items-baseline justify-between gap-2 text-xs text-slate-600">
        <span className="min-w-0 truncate" data-testid="booking-card-other">
          {other}
        </span>
        <CardAge at={item.createdAt} now={now} />
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-1.5 text-xs">
        <span className="min-w-0 truncate font-mono text-slate-700" aria-label={`${common.shipmentNo} ${item.shipmentNo}`}>
          {item.shipmentNo}
        </span>
        {/* storeTaken · stockTaken, "-" while no store has taken it. */}
        <span className="shrink-0 text-slate-600">
          {text.takenLabel}{' '}
          <span className="font-semibold text-slate-800" data-testid="booking-card-store-taken">
            {takenStore(item)}
          </span>
          {' · '}
          <span className="font-semibold text-slate-800 tabular-nums" data-testid="booking-card-stock-taken">
            {takenStock(item)}
          </span>
        </span>
      </div>
    </LinkCard>
  );
});

export function BookingCardSkeleton() {
  return <CardSkeleton rows={['h-5 w-2/3', 'h-4 w-full', 'h-4 w-1/2', 'h-8 w-full']} />;
}

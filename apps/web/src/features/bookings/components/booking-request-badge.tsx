import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { useBookingCount } from '../api/get-booking-count';
import { useBookingLiveRefresh } from '../live-events';

/** The home tile's badge: booking requests addressed to the active store, waiting to be taken or refused. */
export default function BookingRequestBadge({ storeCode }: { storeCode: string }) {
  const count = useBookingCount({ storeCode });
  // A request made or answered anywhere changes the number at once.
  useBookingLiveRefresh();
  const waiting = count.data?.incomingWaiting ?? 0;
  if (waiting <= 0) return null;
  return (
    <span
      className="absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white"
      data-testid="booking-request-badge"
    >
      <span aria-hidden="true">{waiting > 99 ? '99+' : waiting}</span>
      <span className="sr-only">{t(bookingsText.home.badge, { count: waiting })}</span>
    </span>
  );
}

import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { useBookingCount } from '../api/get-booking-count';
import { TileBadge } from '@/shared/ui/tile-badge';

/** The home tile's badge: booking requests addressed to the active store, waiting to be taken or refused. */
export default function BookingRequestBadge({ storeCode }: { storeCode: string }) {
  const count = useBookingCount({ storeCode });
  const waiting = count.data?.incomingWaiting ?? 0;
  return <TileBadge count={waiting} label={t(bookingsText.home.badge, { count: waiting })} testId="booking-request-badge" />;
}

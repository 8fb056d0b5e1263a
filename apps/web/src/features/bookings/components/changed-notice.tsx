import { BOOKING_STATUS_LABEL, type BookingDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { Button, ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/state-views';

const text = bookingsText.changed;

/**
 * Shown in place of the booking when another phone or the other store changed it while it was open
 * (decision 82): what it is now and who did it, the way back to the list, and a deliberate way on.
 */
export function BookingChangedNotice({ booking, from, onContinue }: { booking: BookingDetail; from: BookingDetail; onContinue: () => void }) {
  const actor = booking.history.at(-1)?.actorName ?? null;
  const by = actor ? t(text.by, { name: actor }) : '';
  const message = booking.cancelled
    ? t(text.cancelledMessage, { bookingNo: booking.bookingNo, by })
    : booking.offeredTo.storeCode !== from.offeredTo.storeCode
      ? t(text.reofferedMessage, { bookingNo: booking.bookingNo, store: booking.offeredTo.storeName, by })
      : t(text.message, { bookingNo: booking.bookingNo, status: BOOKING_STATUS_LABEL[booking.status], by });
  return (
    <div data-testid="booking-changed">
      <EmptyState icon="alert" title={text.title} message={message}>
        <ButtonLink to={paths.bookingListProduct} block data-testid="booking-changed-back">
          {text.back}
        </ButtonLink>
        <Button variant="secondary" block onClick={onContinue} data-testid="booking-changed-continue">
          {text.show}
        </Button>
      </EmptyState>
    </div>
  );
}

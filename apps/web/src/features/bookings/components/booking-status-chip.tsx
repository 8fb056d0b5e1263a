import { BOOKING_STATUS_LABEL, type BookingStatusId } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { cn } from '@/shared/utils/cn';

const TONE: Record<BookingStatusId, string> = {
  1131: 'bg-amber-100 text-amber-900',
  1132: 'bg-sky-100 text-sky-900',
  1133: 'bg-emerald-100 text-emerald-900',
  1134: 'bg-red-100 text-red-900',
};

/** A booking's status as a chip; a cancelled booking says so instead (its status stays as it was). */
export function BookingStatusChip({ status, cancelled = false, className }: { status: BookingStatusId; cancelled?: boolean; className?: string }) {
  return (
    <span
      className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', cancelled ? 'bg-slate-200 text-slate-700' : TONE[status], className)}
      data-testid="booking-status-chip"
      data-status={status}
      data-cancelled={cancelled || undefined}
    >
      {cancelled ? bookingsText.common.cancelled : BOOKING_STATUS_LABEL[status]}
    </span>
  );
}

import type { BookingDetail } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { HistoryTimeline } from '@/shared/ui/history-timeline';

/** Every step of the booking, oldest first: what, who, when, and the note given with it (a refusal's reason). */
export function BookingHistory({ history }: { history: BookingDetail['history'] }) {
  return (
    <HistoryTimeline
      title={bookingsText.detail.historyTitle}
      testId="booking-history"
      entries={history.map((h) => ({ ...h, label: bookingsText.step[h.action] ?? h.action }))}
    />
  );
}

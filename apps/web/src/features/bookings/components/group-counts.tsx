import { BOOKING_STATUS, BOOKING_STATUS_LABEL, type BookingStatusId } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';

interface Counts {
  total: number;
  waiting: number;
  taken: number;
  done: number;
  refused: number;
  qtyOos: number;
}

const ORDER: ReadonlyArray<[keyof Counts, BookingStatusId, string]> = [
  ['waiting', BOOKING_STATUS.WAITING, 'bg-amber-50 text-amber-900'],
  ['taken', BOOKING_STATUS.TAKEN, 'bg-sky-50 text-sky-900'],
  ['done', BOOKING_STATUS.DONE, 'bg-emerald-50 text-emerald-900'],
  ['refused', BOOKING_STATUS.REFUSED, 'bg-red-50 text-red-900'],
];

/** A group's bookings per status (those with none greyed out), how many and how many units. */
export function GroupCounts({ counts }: { counts: Counts }) {
  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-1.5" data-testid="group-counts">
        {ORDER.map(([key, status, tone]) => (
          <li
            key={key}
            className={cn('rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums', counts[key] > 0 ? tone : 'bg-slate-50 text-slate-500')}
            data-testid={`group-count-${status}`}
          >
            {t(bookingsText.list.statusCount, { label: BOOKING_STATUS_LABEL[status], count: formatNumber(counts[key]) })}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">
        <span data-testid="group-total">{t(bookingsText.list.bookingCount, { count: formatNumber(counts.total) })}</span>
        {' · '}
        <span data-testid="group-units">{t(bookingsText.common.units, { qty: formatNumber(counts.qtyOos) })}</span>
      </p>
    </div>
  );
}

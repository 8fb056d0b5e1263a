import { Link } from 'react-router';
import { lineLacking, ORDER_STATUS, type OrderDetail, type OrderProduct } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { formatNumber } from '@/shared/utils/format';
import { parseBookingStatus, takenStock, takenStore, withoutTaker } from '../utils/booking-view';
import { BookingStatusChip } from './booking-status-chip';

const text = bookingsText.line;

/**
 * Under an order line while it is picked (1102): the line's stock bookings (each opens its detail)
 * and, while the line still lacks units, the way to book them from another store. Everything comes
 * with the order, so nothing arrives late or moves the line (the orders area reads the order again
 * on its booking events).
 */
export default function LineBooking({ order, line }: { order: OrderDetail; line: OrderProduct }) {
  const bookings = order.bookings.filter((b) => b.lineId === line.lineId);
  const lacking = lineLacking(line, order.bookings);
  const canBook = order.statusId === ORDER_STATUS.PACKING && lacking > 0;
  if (bookings.length === 0 && !canBook) return null;

  return (
    <div className="flex flex-col gap-1.5" data-testid={`line-${line.lineId}-booking`}>
      {bookings.length > 0 ? (
        <ul aria-label={text.label} className="flex flex-col gap-1.5">
          {bookings.map((b) => {
            const status = parseBookingStatus(b.status);
            return (
              <li key={b.bookID}>
                <Link
                  to={paths.getProduct(b.bookID)}
                  className="flex min-h-11 flex-col justify-center gap-0.5 rounded-xl border border-slate-200 bg-slate-50 px-2.5 py-1.5 active:bg-slate-100"
                  data-testid={`line-booking-${b.bookID}`}
                >
                  <span className="flex items-center gap-2 text-xs">
                    <span className="font-mono font-semibold text-slate-900">{b.bookingNo}</span>
                    <span className="flex-1 font-semibold text-slate-800 tabular-nums">{t(bookingsText.common.units, { qty: formatNumber(b.qtyOos) })}</span>
                    {status ? <BookingStatusChip status={status} /> : null}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-slate-600">
                    <span className="min-w-0 flex-1 truncate">{t(text.to, { store: b.offeredTo.storeName })}</span>
                    <span className="shrink-0" data-testid={`line-booking-${b.bookID}-taken`}>
                      {withoutTaker(b.status) ? text.takenNone : t(text.taken, { store: takenStore(b), qty: takenStock(b) })}
                    </span>
                    <Icon name="chevronRight" className="size-4 shrink-0 text-slate-400" />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {canBook ? (
        <ButtonLink
          to={`${paths.bookingListKelurahan}?${new URLSearchParams({ shipmentNo: order.shipmentNo, lineId: String(line.lineId) }).toString()}`}
          variant="secondary"
          block
          data-testid={`line-${line.lineId}-book`}
        >
          <Icon name="booking" className="size-5" />
          {t(text.book, { n: formatNumber(lacking) })}
        </ButtonLink>
      ) : null}
    </div>
  );
}

import type { BookingDetail } from '@gerai/contract';
import { formatDistance } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { Card, Field } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { formatDateTime } from '@/shared/utils/format';
import { takenStock, takenStore } from '../utils/booking-view';
import { BookingHistory } from './booking-history';
import { StorePlace } from './store-place';

const text = bookingsText.detail;
const common = bookingsText.common;

/** What a booking is, whatever the step: who took it, both stores and the distance, who refused it, its times and history. */
export function BookingFacts({ detail: b }: { detail: BookingDetail }) {
  return (
    <>
      <Card title={text.takenTitle} testId="booking-taken">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
          <Field label={common.storeTaken}>
            <span data-testid="booking-store-taken">{takenStore(b)}</span>
          </Field>
          <Field label={common.stockTaken}>
            <span data-testid="booking-stock-taken">{takenStock(b)}</span>
          </Field>
        </dl>
      </Card>

      <Card title={text.storesTitle} testId="booking-stores-card">
        <StorePlace label={text.orderingStore} store={b.orderingStore} testId="booking-ordering-store" />
        <div className="border-t border-slate-100 pt-2">
          <StorePlace label={text.servingStore} store={b.servingStore} testId="booking-serving-store" />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Icon name="pin" className="size-4 text-slate-400" />
          {text.distanceBetween}: <span className="font-semibold tabular-nums" data-testid="booking-distance">{formatDistance(b.distanceM)}</span>
          {b.isKelurahan ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{common.sameKelurahan}</span> : null}
        </p>
      </Card>

      {b.refusedBy.length > 0 ? (
        <Card title={text.refusedTitle} testId="booking-refused">
          <ul className="flex flex-wrap gap-1.5">
            {b.refusedBy.map((s) => (
              <li key={s.storeCode} className="rounded-full bg-red-50 px-2 py-0.5 text-sm text-red-900">
                {s.storeName} <span className="font-mono text-xs">{s.storeCode}</span>
              </li>
            ))}
          </ul>
          <p className="text-sm break-words text-slate-700" data-testid="booking-refuse-reason">
            <span className="font-semibold">{text.lastReason}: </span>
            {b.refuseReason ?? text.noReason}
          </p>
        </Card>
      ) : null}

      <Card title={text.timesTitle} testId="booking-times">
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
          <Field label={text.createdAt}>{formatDateTime(b.createdAt)}</Field>
          <Field label={text.takenAt}>{formatDateTime(b.takenAt)}</Field>
          <Field label={text.receivedAt}>{formatDateTime(b.receivedAt)}</Field>
          {b.cancelledAt ? <Field label={text.cancelledAt}>{formatDateTime(b.cancelledAt)}</Field> : null}
        </dl>
      </Card>

      <BookingHistory history={b.history} />
    </>
  );
}

import type { BookingDetail } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { Card } from '@/shared/ui/card';
import { formatDateTime } from '@/shared/utils/format';

const text = bookingsText.detail;

/** Every step of the booking, oldest first: what, who, when, and the note given with it (a refusal's reason). */
export function BookingHistory({ history }: { history: BookingDetail['history'] }) {
  if (history.length === 0) return null;
  return (
    <Card title={text.historyTitle} testId="booking-history">
      <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-3">
        {history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="relative flex flex-col gap-0.5" data-testid="booking-history-entry" data-action={h.action}>
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.0625rem] size-2.5 rounded-full bg-brand-700 ring-2 ring-white" />
            <p className="text-sm font-semibold text-slate-900">{bookingsText.step[h.action] ?? h.action}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(h.at)}
              {h.actorName ? ` · ${t(text.historyBy, { name: h.actorName })}` : ''}
            </p>
            {h.note ? <p className="text-sm break-words text-slate-800">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

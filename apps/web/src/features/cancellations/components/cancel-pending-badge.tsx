import { cancellationsText } from '@/shared/i18n/cancellations';
import { t } from '@/shared/i18n/id';
import { useCancelRequestCount } from '../api/get-cancel-request-count';
import { useCancelLiveRefresh } from '../live-events';

/** The home tile's badge: cancellation requests of the active store waiting for a decision, as the rest of home counts. */
export default function CancelPendingBadge({ storeCode }: { storeCode: string }) {
  const count = useCancelRequestCount({ storeCode });
  useCancelLiveRefresh();
  const pending = count.data?.pending ?? 0;
  if (pending <= 0) return null;
  return (
    <span
      className="absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white"
      data-testid="cancel-pending-badge"
    >
      <span aria-hidden="true">{pending > 99 ? '99+' : pending}</span>
      <span className="sr-only">{t(cancellationsText.home.badge, { count: pending })}</span>
    </span>
  );
}

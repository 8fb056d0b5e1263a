import { cancellationsText } from '@/shared/i18n/cancellations';
import { t } from '@/shared/i18n/id';
import { useCancelRequestCount } from '../api/get-cancel-request-count';
import { TileBadge } from '@/shared/ui/tile-badge';

/** The home tile's badge: cancellation requests of the active store waiting for a decision, as the rest of home counts. */
export default function CancelPendingBadge({ storeCode }: { storeCode: string }) {
  const count = useCancelRequestCount({ storeCode });
  const pending = count.data?.pending ?? 0;
  return <TileBadge count={pending} label={t(cancellationsText.home.badge, { count: pending })} testId="cancel-pending-badge" />;
}

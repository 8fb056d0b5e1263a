import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { usePodRequestCount } from '../api/get-pod-request-count';
import { TileBadge } from '@/shared/ui/tile-badge';

/** The home tile's badge: pending POD requests of the active store (kepala toko and above), as the rest of home counts. */
export default function PodPendingBadge({ storeCode }: { storeCode: string }) {
  const count = usePodRequestCount({ storeCode });
  const pending = count.data?.pending ?? 0;
  return <TileBadge count={pending} label={t(podText.home.badge, { count: pending })} testId="pod-pending-badge" tone="brand" />;
}

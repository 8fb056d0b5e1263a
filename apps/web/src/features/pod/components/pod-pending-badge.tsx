import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { usePodRequestCount } from '../api/get-pod-request-count';

/** The home tile's badge: pending POD requests of the active store (kepala toko and above), as the rest of home counts. */
export default function PodPendingBadge({ storeCode }: { storeCode: string }) {
  const count = usePodRequestCount({ storeCode });
  const pending = count.data?.pending ?? 0;
  if (pending <= 0) return null;
  return (
    <span
      className="absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white"
      data-testid="pod-pending-badge"
    >
      <span aria-hidden="true">{pending > 99 ? '99+' : pending}</span>
      <span className="sr-only">{t(podText.home.badge, { count: pending })}</span>
    </span>
  );
}

import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useTransferCount } from '../api/get-transfer-count';

/**
 * The home tile's badge: transfers other stores sent to the active store, waiting to be received
 * (MAT Masuk Baru). Kept current by the shell's transfer live updates: a transfer sent, received or
 * cancelled anywhere changes it at once.
 */
export default function MatIncomingBadge() {
  const count = useTransferCount();
  const waiting = count.data?.receiver?.totalNew ?? 0;
  if (waiting <= 0) return null;
  return (
    <span
      className="absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white"
      data-testid="mat-incoming-badge"
    >
      <span aria-hidden="true">{waiting > 99 ? '99+' : waiting}</span>
      <span className="sr-only">{t(transfersText.home.badge, { count: waiting })}</span>
    </span>
  );
}

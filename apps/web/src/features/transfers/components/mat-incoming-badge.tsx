import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useTransferCount } from '../api/get-transfer-count';
import { TileBadge } from '@/shared/ui/tile-badge';

/**
 * The home tile's badge: transfers other stores sent to the active store, waiting to be received
 * (MAT Masuk Baru). Kept current by the shell's transfer live updates: a transfer sent, received or
 * cancelled anywhere changes it at once.
 */
export default function MatIncomingBadge() {
  const count = useTransferCount();
  const waiting = count.data?.receiver?.totalNew ?? 0;
  return <TileBadge count={waiting} label={t(transfersText.home.badge, { count: waiting })} testId="mat-incoming-badge" />;
}

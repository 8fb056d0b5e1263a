import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { useReturnCount } from '../api/get-return-count';
import { TileBadge } from '@/shared/ui/tile-badge';

/** The home tile's badge: the active store's returns waiting for a decision (requested), what the Diajukan list it opens shows. */
export default function ReturnOpenBadge({ storeCode }: { storeCode: string }) {
  const count = useReturnCount({ storeCode });
  const open = count.data?.counts.requested ?? 0;
  return <TileBadge count={open} label={t(returnsText.home.badge, { count: open })} testId="return-open-badge" tone="brand" />;
}

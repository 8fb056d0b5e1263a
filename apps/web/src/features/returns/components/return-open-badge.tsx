import { useQueryClient } from '@tanstack/react-query';
import { RETURN_EVENT_TYPES } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { useReturnCount } from '../api/get-return-count';
import { returnKeys } from '../query-keys';
import { TileBadge } from '@/shared/ui/tile-badge';

/** The home tile's badge: the active store's returns waiting for a decision (requested), what the Diajukan list it opens shows. */
export default function ReturnOpenBadge({ storeCode }: { storeCode: string }) {
  const count = useReturnCount({ storeCode });
  const queryClient = useQueryClient();
  // A return recorded or closed on another phone changes the number at once.
  useEvents(RETURN_EVENT_TYPES, () => void queryClient.invalidateQueries({ queryKey: returnKeys.count() }));
  const open = count.data?.counts.requested ?? 0;
  return <TileBadge count={open} label={t(returnsText.home.badge, { count: open })} testId="return-open-badge" tone="brand" />;
}

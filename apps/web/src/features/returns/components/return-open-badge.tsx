import { useQueryClient } from '@tanstack/react-query';
import { RETURN_EVENT_TYPES } from '@gerai/contract';
import { useEvents } from '@/shared/events/event-stream';
import { t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { useReturnCount } from '../api/get-return-count';
import { returnKeys } from '../query-keys';

/** The home tile's badge: the active store's returns waiting for a decision (requested), what the Diajukan list it opens shows. */
export default function ReturnOpenBadge({ storeCode }: { storeCode: string }) {
  const count = useReturnCount({ storeCode });
  const queryClient = useQueryClient();
  // A return recorded or closed on another phone changes the number at once.
  useEvents(RETURN_EVENT_TYPES, () => void queryClient.invalidateQueries({ queryKey: returnKeys.count() }));
  const open = count.data?.counts.requested ?? 0;
  if (open <= 0) return null;
  return (
    <span
      className="absolute top-1.5 right-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white tabular-nums ring-2 ring-white"
      data-testid="return-open-badge"
    >
      <span aria-hidden="true">{open > 99 ? '99+' : open}</span>
      <span className="sr-only">{t(returnsText.home.badge, { count: open })}</span>
    </span>
  );
}

import { useNow } from '@/shared/hooks/use-now';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { id, t } from '@/shared/i18n/id';
import { Button } from '@/shared/ui/button';
import { formatNumber } from '@/shared/utils/format';
import { PENDING_QUEUE, useCancelRequests } from '../api/get-cancel-requests';
import { CancelRequestCard } from './cancel-request-card';

const text = cancellationsText.queue;

/**
 * Above the Batal list (/list-cancel): the active store's cancellation requests waiting for a
 * decision, oldest first, each opening its request; kept current by the live events. Nothing is
 * shown while none wait (or the list cannot be read): the Batal list stays where it is.
 */
export default function CancelPendingSection() {
  const list = useCancelRequests(PENDING_QUEUE);
  const now = useNow();
  const pages = list.data?.pages ?? [];
  const total = pages[0]?.total ?? 0;
  if (total === 0) return null;
  const seen = new Set<number>();
  const items = pages.flatMap((p) => p.items).filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  return (
    <section aria-label={text.label} className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3" data-testid="cancel-pending-section">
      <h2 className="font-semibold text-amber-950" data-testid="cancel-pending-title">
        {t(text.title, { count: formatNumber(total) })}
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((r) => (
          <li key={r.id}>
            <CancelRequestCard request={r} now={now} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {id.common.loadMore}
        </Button>
      ) : null}
    </section>
  );
}

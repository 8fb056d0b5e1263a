import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/shared/config/paths';
import { useNow } from '@/shared/hooks/use-now';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { id } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { PageHeader } from '@/shared/ui/page-header';
import { RequestCardSkeleton } from '@/shared/ui/request-card';
import { useCancelRequests } from '../api/get-cancel-requests';
import { CancelRequestCard } from '../components/cancel-request-card';
import { cancelKeys, type CancelListParams } from '../query-keys';

const text = cancellationsText.queue;
const PARAMS: CancelListParams = { status: 'pending', size: 20 };

/**
 * /request-cancel without an order: the requests of the active store waiting for a decision,
 * oldest first, live. A cancellation itself starts from its order ("Ajukan Pembatalan"), so
 * the route never dead-ends: the way to the orders is one tap away.
 */
export default function CancelQueuePage() {
  const queryClient = useQueryClient();
  const list = useCancelRequests(PARAMS);
  const now = useNow();
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: cancelKeys.list(PARAMS), type: 'active' }),
      queryClient.refetchQueries({ queryKey: cancelKeys.count(), type: 'active' }),
    ]);
  return (
    <>
      <PageHeader title={id.routes.requestCancel} backTo={paths.home} />
      <InfiniteList
        query={list}
        itemKey={(r) => r.id}
        renderItem={(r) => <CancelRequestCard request={r} now={now} />}
        skeleton={<RequestCardSkeleton />}
        testId="cancel-queue"
        label={text.label}
        texts={{ total: text.total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList }}
        empty={{ icon: 'cancel', title: text.emptyTitle, message: text.emptyMessage }}
        onRefresh={refresh}
        header={
          <div className="grid grid-cols-2 gap-2">
            <ButtonLink to={paths.order} variant="secondary" className="px-2 text-sm">
              {text.toOrders}
            </ButtonLink>
            <ButtonLink to={paths.listCancel} variant="secondary" className="px-2 text-sm">
              {text.toCancelled}
            </ButtonLink>
          </div>
        }
      />
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RETURN_EVENT_TYPES, RETURN_STATUS_LABEL, type ReturnDetail } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useEvents } from '@/shared/events/event-stream';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { showToast } from '@/shared/toast/toast-store';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { useReturn } from '../api/get-return';
import { returnKeys } from '../query-keys';
import { ReturnView } from '../components/return-view';

const text = returnsText.detail;

/** /retur/detail/:shipmentNo/:method — one return: lines, reason, photos, history and the next action. */
export default function ReturnDetailPage() {
  const { shipmentNo = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useReturn(shipmentNo);
  const refresh = () => queryClient.refetchQueries({ queryKey: returnKeys.detail(shipmentNo), type: 'active' });

  // Another phone approves, collects or receives it: the screen follows (`../live.ts`), and says who did.
  useEvents(RETURN_EVENT_TYPES, (event) => {
    if (event.data.shipmentNo !== shipmentNo) return;
    const shown = queryClient.getQueryData<ReturnDetail>(returnKeys.detail(shipmentNo));
    if (shown && shown.status !== event.data.status) {
      showToast(t(text.live, { shipmentNo, status: RETURN_STATUS_LABEL[event.data.status], name: event.data.actorName }), 'info');
    }
  });

  const error = detail.error;
  let content;
  if (detail.isPending) {
    content = <SkeletonStack bars={['h-28 w-full', 'h-24 w-full', 'h-32 w-full', 'h-40 w-full']} testId="return-detail-loading" />;
  } else if (!detail.data && isApiError(error) && (error.status === 404 || error.status === 400)) {
    content = (
      <EmptyState icon="returns" title={text.notFoundTitle} message={t(text.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.returList()} variant="secondary">
          {returnsText.common.toList}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!detail.data) {
    content = <ErrorState title={text.loadError} message={isApiError(error) ? error.message : undefined} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  } else {
    content = <ReturnView detail={detail.data} />;
  }

  return (
    <>
      <PageHeader title={id.routes.returDetail} backTo={paths.returList(detail.data?.status)} />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4" data-testid="return-detail">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

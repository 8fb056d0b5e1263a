import { type ReactNode } from 'react';
import { useParams } from 'react-router';
import { DELIVERY_TYPE, RETURN_STATUS, RETURN_STATUS_LABEL } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { useAppConfig } from '@/shared/config/app-config';
import { paths } from '@/shared/config/paths';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { useReturn } from '../api/get-return';
import { methodOf } from '../utils/method';
import { ReturnPodForm, type ReturnPodRequestSlot } from '../components/return-pod-form';

const text = returnsText.pod;

export type { ReturnPodRequestSlot };

/**
 * /retur/pod/:shipmentNo — the goods of a delivered order collected at the customer's address.
 * `requestPanel`: the POD area's approval request (features do not import each other), the way
 * on when the position is refused.
 */
export default function ReturnPodPage({ requestPanel }: { requestPanel?: (slot: ReturnPodRequestSlot) => ReactNode }) {
  const { shipmentNo = '' } = useParams();
  const detail = useReturn(shipmentNo);
  const config = useAppConfig();
  const error = detail.error;
  const r = detail.data;
  const backTo = r ? paths.returDetail(shipmentNo, methodOf(r.deliveryType)) : paths.returList();

  let content;
  if (detail.isPending) {
    content = <SkeletonStack bars={['h-32 w-full', 'h-56 w-full', 'h-28 w-full']} testId="return-pod-loading" />;
  } else if (!r && isApiError(error) && (error.status === 404 || error.status === 400)) {
    content = (
      <EmptyState icon="returns" title={returnsText.detail.notFoundTitle} message={t(returnsText.detail.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.returList()} variant="secondary">
          {returnsText.common.toList}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!r) {
    content = <ErrorState title={text.loadError} message={isApiError(error) ? error.message : undefined} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  } else if (r.deliveryType !== DELIVERY_TYPE.DELIVERY) {
    content = (
      <EmptyState icon="info" title={text.notDelivery}>
        <ButtonLink to={backTo} variant="secondary">
          {returnsText.common.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else if (r.status !== RETURN_STATUS.APPROVED && r.status !== RETURN_STATUS.REQUESTED && r.status !== RETURN_STATUS.REJECTED) {
    // Collected (here, or through an approved POD request, live) or further: the screen's work is done.
    content = (
      <EmptyState icon="check" title={text.collectedTitle} message={RETURN_STATUS_LABEL[r.status]} className="border border-emerald-200">
        <ButtonLink to={backTo} data-testid="return-pod-open-detail">
          {returnsText.common.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!r.actions.includes('collect')) {
    content = (
      <EmptyState icon="info" title={t(text.notApproved, { status: RETURN_STATUS_LABEL[r.status] })}>
        <ButtonLink to={backTo} variant="secondary" data-testid="return-pod-open-detail">
          {returnsText.common.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!config.data) {
    // The server's radius and accuracy decide what the screen checks: wait for them.
    content = config.isPending ? <SkeletonStack bars={['h-32 w-full', 'h-56 w-full']} /> : <ErrorState onRetry={() => void config.refetch()} retrying={config.isFetching} />;
  } else {
    content = <ReturnPodForm detail={r} radiusM={config.data.pod.radiusM} maxAccuracyM={config.data.pod.maxAccuracyM} requestPanel={requestPanel} />;
  }

  return (
    <>
      <PageHeader title={id.routes.returPod} backTo={backTo} />
      <PullToRefresh onRefresh={() => detail.refetch()}>
        <div className="flex flex-col gap-3 p-4" data-testid="return-pod">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_TYPE, ORDER_STATUS, POD_REQUEST_TYPE, type OrderDetail } from '@gerai/contract';
import type { OrderScreenProps } from '@/shared/api/order-screen';
import { paths } from '@/shared/config/paths';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { podText } from '@/shared/i18n/pod';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { useOrderPodRequests } from '../api/get-order-pod-requests';
import { usePodLimits } from '../hooks/use-pod-limits';
import { podKeys } from '../query-keys';
import { PodRequestState } from './pod-request-state';
import { ScanGoDelivery } from './scan-go-delivery';

const text = podText.scanGo;

export interface ScanGoScreenProps extends OrderScreenProps {
  /** The server's newer order (scan and go answers with it). */
  onOrderChanged: (order: OrderDetail) => void;
  /** The order's detail screen (back, "Buka detail pesanan"). */
  detailPath: string;
}

const skeleton = (
  <SkeletonStack bars={['h-36 w-full', 'h-16 w-full', 'h-72 w-full']} testId="scan-go-loading" />
);

/** /order/detail-scan-go/:status/:shipmentNo/:method — proof of delivery at the customer's place. */
export function ScanGoScreen(props: ScanGoScreenProps) {
  const { shipmentNo, order, orderState, detailPath } = props;
  const queryClient = useQueryClient();
  // Asked for with the order (not after it): the request's state sits on top of the screen.
  const requests = useOrderPodRequests(shipmentNo, POD_REQUEST_TYPE.ORDER, { enabled: orderState === 'loading' || orderState === 'ready' });
  // Until it is known the screen waits, so it does not appear later and push the form under a finger.
  const requestsLoading = requests.isPending && requests.fetchStatus === 'fetching';
  const { limits, query: config } = usePodLimits();
  const refresh = () => Promise.all([props.onRefreshOrder(), queryClient.refetchQueries({ queryKey: podKeys.orderRequests(shipmentNo), type: 'active' })]);

  let content;
  if (orderState === 'loading') {
    content = skeleton;
  } else if (orderState === 'not-found' || (orderState === 'ready' && !order)) {
    content = (
      <EmptyState icon="orders" title={ordersText.detail.notFoundTitle} message={t(ordersText.detail.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listProses} variant="secondary">
          {ordersText.detail.backToList}
        </ButtonLink>
      </EmptyState>
    );
  } else if (orderState === 'error' || !order) {
    content = <ErrorState title={ordersText.detail.loadError} onRetry={props.onRetry} retrying={props.retrying} />;
  } else if (order.deliveryType !== DELIVERY_TYPE.DELIVERY) {
    content = (
      <EmptyState icon="info" title={text.notDelivery}>
        <ButtonLink to={paths.orderConfirm(order.statusId, order.shipmentNo)} variant="secondary">
          {text.toPickup}
        </ButtonLink>
      </EmptyState>
    );
  } else if (order.statusId === ORDER_STATUS.COMPLETED || order.statusId === ORDER_STATUS.HISTORY) {
    const latest = requests.data?.items[0];
    content = (
      <>
        {latest?.status === 'approved' ? <PodRequestState request={latest} /> : null}
        <EmptyState icon="check" title={text.completed} className="border border-emerald-200" >
          <ButtonLink to={paths.listDone} data-testid="to-list-done">
            {text.toListDone}
          </ButtonLink>
          <ButtonLink to={detailPath} variant="secondary">
            {text.openDetail}
          </ButtonLink>
        </EmptyState>
      </>
    );
  } else if (order.statusId !== ORDER_STATUS.IN_PROGRESS) {
    content = (
      <EmptyState icon="info" title={t(text.notInProgress, { status: ORDER_STATUS_LABEL[order.statusId as keyof typeof ORDER_STATUS_LABEL] ?? String(order.statusId) })}>
        <ButtonLink to={detailPath} variant="secondary">
          {text.openDetail}
        </ButtonLink>
      </EmptyState>
    );
  } else if (!limits || requestsLoading) {
    // The server's radius and accuracy decide what the screen says and checks: wait for them.
    content = !limits && !config.isPending ? <ErrorState onRetry={() => void config.refetch()} retrying={config.isFetching} /> : skeleton;
  } else {
    content = (
      <ScanGoDelivery order={order} limits={limits} latest={requests.data?.items[0] ?? null} onOrderChanged={props.onOrderChanged} onRefreshOrder={props.onRefreshOrder} />
    );
  }

  return (
    <>
      <PageHeader title={id.routes.orderDetailScanGo} backTo={detailPath} />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4 pb-8" data-testid="scan-go-screen">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}


import { useQueryClient } from '@tanstack/react-query';
import { isCancellable, type CancelRequest, type OrderDetail } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import type { OrderScreenProps } from '@/shared/api/order-screen';
import { paths } from '@/shared/config/paths';
import { cancellationsText } from '@/shared/i18n/cancellations';
import { ORDER_STATUS_LABEL, id, t } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { PageHeader, useLeave } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import type { OrderCacheLink } from '../api/cancel-change';
import { useCancelRequest } from '../api/get-cancel-request';
import { CancelOrderCard } from '../components/cancel-order-card';
import { CancelledState, CancelRequestState } from '../components/cancel-request-state';
import { CancelForm } from '../components/cancel-form';
import { CANCELLED, type DetailPath } from '../components/cancel-refusal';
import { DecideCancel } from '../components/decide-cancel';
import { cancelKeys } from '../query-keys';

const text = cancellationsText;

export interface RequestCancelPageProps extends OrderScreenProps {
  /** The order's cache: a reply's order is written into it. */
  link: OrderCacheLink;
  /** The order's detail screen. */
  detailPath: DetailPath;
}

/**
 * /request-cancel?shipmentNo= — one order's cancellation. Without a pending request: the reason
 * (from the API's list, "Lainnya" with a text) and the spec's confirm-cancel modal, then the
 * request (staff) or the cancellation itself (who may decide it). With one: its state, and for
 * who may decide it, Setujui / Tolak (a rejection says why).
 */
export function RequestCancelPage({ shipmentNo, order, orderState, retrying, onRetry, onRefreshOrder, link, detailPath }: RequestCancelPageProps) {
  const queryClient = useQueryClient();
  const leave = useLeave();
  const request = useCancelRequest(shipmentNo);

  const refresh = () => Promise.all([onRefreshOrder(), queryClient.refetchQueries({ queryKey: cancelKeys.detail(shipmentNo), type: 'active' })]);

  const requestNotFound = isApiError(request.error) && (request.error.status === 404 || request.error.status === 400);
  // Offline with nothing kept for it: the order's request is taken as none, so a request can still be made (the outbox sends it).
  const requestLoading = request.isPending && request.fetchStatus !== 'paused';
  let content;
  if (orderState === 'loading' || (orderState === 'ready' && requestLoading)) {
    content = <SkeletonStack bars={['h-36 w-full', 'h-24 w-full', 'h-48 w-full']} testId="request-cancel-loading" />;
  } else if (orderState === 'not-found' || (!request.data && requestNotFound)) {
    content = (
      <EmptyState icon="orders" title={text.notFoundTitle} message={t(text.notFoundMessage, { shipmentNo })}>
        <ButtonLink to={paths.listCancel} variant="secondary">
          {text.backToQueue}
        </ButtonLink>
      </EmptyState>
    );
  } else if (orderState === 'error' || !order) {
    content = <ErrorState title={text.loadError} onRetry={onRetry} retrying={retrying} />;
  } else if (request.isError && request.data === undefined) {
    content = (
      <div className="flex flex-col gap-3">
        <CancelOrderCard order={order} />
        <ErrorState title={text.loadError} message={isApiError(request.error) ? request.error.message : undefined} onRetry={() => void request.refetch()} retrying={request.isFetching} />
      </div>
    );
  } else {
    content = (
      <CancelBody
        order={order}
        request={request.data ?? null}
        link={link}
        onDone={leave}
        detailPath={detailPath}
      />
    );
  }

  return (
    <>
      <PageHeader title={id.routes.requestCancel} backTo={order ? detailPath(order) : paths.listCancel} />
      <PullToRefresh onRefresh={refresh}>
        <div className="p-4" data-testid="request-cancel">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}

function CancelBody({
  order,
  request,
  link,
  onDone,
  detailPath,
}: {
  order: OrderDetail;
  request: CancelRequest | null;
  link: OrderCacheLink;
  onDone: (to: string) => void;
  detailPath: DetailPath;
}) {
  const cancelled = CANCELLED.includes(order.statusId);
  const pending = request?.status === 'pending' && !cancelled;
  const canAsk = !cancelled && !pending && (order.actions.includes('requestCancel') || order.actions.includes('cancel'));
  return (
    <div className={cn('flex flex-col gap-3', (canAsk || (pending && request?.canDecide)) && 'pb-24')}>
      <CancelOrderCard order={order} />
      {cancelled ? <CancelledState order={order} /> : null}
      {request ? <CancelRequestState request={request} /> : null}
      {pending && request?.canDecide ? <DecideCancel request={request} order={order} link={link} onDone={onDone} /> : null}
      {canAsk ? <CancelForm order={order} link={link} onDone={onDone} detailPath={detailPath} /> : null}
      {!cancelled && !pending && !canAsk ? (
        <p className="flex items-start gap-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-700" data-testid="cancel-unavailable">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          {isCancellable(order.statusId)
            ? text.form.noAction
            : t(text.form.notCancellable, { status: ORDER_STATUS_LABEL[order.statusId as keyof typeof ORDER_STATUS_LABEL] ?? String(order.statusId) })}
        </p>
      ) : null}
      {cancelled || !canAsk ? (
        <ButtonLink to={detailPath(order)} variant="secondary">
          {text.openOrder}
        </ButtonLink>
      ) : null}
    </div>
  );
}

